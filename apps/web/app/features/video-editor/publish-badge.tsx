import { Badge } from '../../components/ui';

/** Draft or Published, the same way on the list and the form. */
export function PublishBadge({ published }: { published: boolean }) {
  return published ? <Badge tone="success">Published</Badge> : <Badge tone="warning">Draft</Badge>;
}
