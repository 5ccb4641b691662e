import { Container } from '../../components/ui';
import { seoMeta } from '../../lib/seo';
import { Metronome } from '../../features/practice/metronome';
import { PracticeLinks } from '../../features/practice/practice-links';
import type { Route } from './+types/metronome';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Metronome',
    description: 'A free online metronome: tempo, beats in a bar, an accented first beat and tap tempo.',
    path: '/metronome',
    matches,
  });

/** /metronome (product.md#tuner-and-metronome): open to everyone, clicks made in the browser. */
export default function MetronomePage() {
  return (
    <Container className="py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Metronome</h1>
          <p className="mt-2 max-w-prose text-stone-600">Set the tempo, or tap it, and play along with the click.</p>
        </div>
        <PracticeLinks current="/metronome" />
      </div>
      <div className="mt-6 max-w-xl">
        <Metronome />
      </div>
    </Container>
  );
}
