import { Link } from 'react-router';
import { Badge, Card, Container } from '../../components/ui';
import { isSignedIn, useRootData } from '../../lib/root-data';
import { seoMeta } from '../../lib/seo';
import { PRACTICE_TOOLS } from '../../features/practice/practice-links';
import type { Route } from './+types/practice';

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta({
    title: 'Practice',
    description: 'A guitar tuner, a metronome, a practice log, One Minute Changes and the songs your chords can play.',
    path: '/practice',
    matches,
  });

/**
 * /practice (product.md#practice-log): every practice tool in one place, one tap from the header on
 * a phone. The tuner and metronome are everyone's; the others keep the learner's own record.
 */
export default function PracticePage() {
  const { user } = useRootData();
  const signedIn = isSignedIn(user);
  return (
    <Container className="py-10 sm:py-14">
      <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Practice</h1>
      <p className="mt-2 max-w-prose text-stone-600">Tune up, keep time, and keep a record of how you are getting on.</p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PRACTICE_TOOLS.map((tool) => (
          <li key={tool.to}>
            <Card className="h-full">
              <h2 className="text-lg font-bold text-ink-900">
                <Link to={tool.to} className="hover:text-brand-700 hover:underline">
                  {tool.label}
                </Link>
              </h2>
              <p className="mt-1 text-stone-600">{tool.text}</p>
              {tool.personal && !signedIn ? (
                <p className="mt-3">
                  <Badge>Sign in to keep your record</Badge>
                </p>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </Container>
  );
}
