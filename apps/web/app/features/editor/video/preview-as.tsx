import { PREVIEW_AUDIENCES, type PreviewAudience } from '@fretline/contract';
import { Card, LinkButton } from '../../../components/ui';

const LABELS: Record<PreviewAudience, string> = { visitor: 'As a visitor', learner: 'As a learner', member: 'As a member' };

/**
 * "Preview as visitor / learner / member" (ADR 0061): the lesson page as each audience gets it,
 * from what was last saved, draft or not. Opens in a new tab so the form keeps its place.
 */
export function PreviewAs({ idVideo }: { idVideo: number }) {
  return (
    <Card className="space-y-3" data-testid="preview-as">
      <div>
        <h2 className="text-lg font-bold text-ink-900">Preview</h2>
        <p className="text-sm text-stone-600">The lesson page as each audience sees it, from what was last saved.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {PREVIEW_AUDIENCES.map((as) => (
          <LinkButton
            key={as}
            to={`/staff/content/videos/${idVideo}/preview?as=${as}`}
            target="_blank"
            rel="noreferrer"
            variant="secondary"
            size="sm"
          >
            {LABELS[as]}
            <span className="sr-only"> (opens in a new tab)</span>
          </LinkButton>
        ))}
      </div>
    </Card>
  );
}
