import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { Container } from '../../components/ui/container';
import { ContentHero } from './content-page';

export const featuresSeo = {
  title: 'Features',
  description:
    'Everything Fretline gives you: step-by-step courses that remember where you are, lessons and song videos for every level, weekly live lessons, My List and a direct line to the team.',
};

const features = (name: string) => [
  {
    title: 'Courses that remember where you are',
    text: 'Structured courses, from your very first chord to confident lead playing. Each one shows how far you have come and takes you straight back to the lesson you were on.',
    icon: 'M4 6h16M4 12h10M4 18h6',
  },
  {
    title: 'Lessons and song videos',
    text: 'Technique lessons and full song walkthroughs, filterable by difficulty, genre, decade and skill, so you can always find the next thing to play.',
    icon: 'M8 5v14l11-7z',
  },
  {
    title: 'Live lessons every week',
    text: `Play along with ${name} in real time and ask your questions. Missed one? Every session is kept as a replay.`,
    icon: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8ZM4.9 4.9a10 10 0 0 0 0 14.2M19.1 4.9a10 10 0 0 1 0 14.2',
  },
  {
    title: 'My List',
    text: 'Save any lesson or song with one tap and build your own practice playlist for the week.',
    icon: 'M6 3h12v18l-6-4-6 4z',
  },
  {
    title: 'Tabs, chord sheets and backing tracks',
    text: 'Every lesson comes with what you need on the music stand: notation, chord diagrams and downloads.',
    icon: 'M5 3h10l4 4v14H5zM9 12h6M9 16h6',
  },
  {
    title: 'A real person to ask',
    text: 'Stuck on a chord change? Message the team from your inbox and get an answer from someone who plays.',
    icon: 'M4 5h16v11H8l-4 4z',
  },
  {
    title: 'Works on every screen',
    text: 'Phone on the music stand, laptop on the desk or tablet on the sofa: Fretline adapts, and you can add it to your home screen like an app.',
    icon: 'M7 2h10v20H7zM11 18h2',
  },
  {
    title: 'No password to forget',
    text: 'Sign in with a one-time code sent to your e-mail. Quick, and safer than yet another password.',
    icon: 'M7 11V7a5 5 0 0 1 10 0v4M5 11h14v10H5z',
  },
];

export function FeaturesPage({ name }: { name: string }) {
  return (
    <>
      <ContentHero
        eyebrow="What you get"
        title="Everything you need to keep playing"
        lead={
          <p>
            Fretline is built around one idea: the best way to learn guitar is a little and often, with a clear next step. Here is
            how the site helps you do exactly that.
          </p>
        }
      >
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/membership" size="lg">
            See the membership
          </LinkButton>
          <LinkButton to="/videos" variant="secondary" size="lg">
            Try a free lesson
          </LinkButton>
        </div>
      </ContentHero>
      <Container className="py-14 sm:py-20">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features(name).map((f) => (
            <li key={f.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="size-6"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinejoin="round"
                  strokeLinecap="round"
                >
                  <path d={f.icon} />
                </svg>
              </span>
              <h2 className="mt-4 text-lg font-bold text-ink-900">{f.title}</h2>
              <p className="mt-2 leading-relaxed text-stone-600">{f.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-12 text-center text-stone-600">
          Questions about any of this?{' '}
          <Link to="/helpdesk" className="font-semibold text-brand-700 underline underline-offset-4">
            Ask the helpdesk
          </Link>
          .
        </p>
      </Container>
    </>
  );
}
