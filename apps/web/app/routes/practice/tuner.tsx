import { Container } from '../../components/ui';
import { seoMeta } from '../../lib/seo';
import { Metronome } from '../../features/practice/metronome';
import { PracticeLinks } from '../../features/practice/practice-links';
import { Tuner } from '../../features/practice/tuner';
import type { Route } from './+types/tuner';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Guitar tuner and metronome',
    description: 'Tune to standard, drop D, open G, DADGAD and more with your microphone, and keep time with the metronome.',
    path: '/tuner',
    matches,
  });

/** /tuner (product.md#tuner-and-metronome): open to everyone; everything happens in the browser. */
export default function TunerPage() {
  return (
    <Container className="py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Tuner and metronome</h1>
          <p className="mt-2 max-w-prose text-stone-600">Tune up, then keep time. Nothing you play is sent to Fretline.</p>
        </div>
        <PracticeLinks current="/tuner" />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Tuner />
        <Metronome />
      </div>
    </Container>
  );
}
