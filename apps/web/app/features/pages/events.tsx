import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { ContentPage } from './content-page';

export function eventsSeo(name: string) {
  return {
    title: 'Events',
    description: `Live lessons, workshops and play-along sessions with ${name}: what they are like, who they are for and how to join the next one.`,
  };
}

const EVENT_TYPES = [
  {
    title: 'Weekly live lessons',
    where: 'Online, on the Live page',
    text: 'A relaxed hour of playing together with a theme each week: a song, a technique or a style. Questions are welcome: send them to the teacher from your messages.',
  },
  {
    title: 'Technique tune-up clinics',
    where: 'Online, members',
    text: 'Small-group sessions that zoom in on one sticking point, such as barre chords, alternate picking or clean chord changes, with exercises to take away.',
  },
  {
    title: 'Seasonal workshops',
    where: 'In person, around the UK',
    text: 'Day-long workshops in friendly venues: a morning of technique, lunch, and an afternoon playing in a band with other Fretline learners.',
  },
  {
    title: 'The summer play-along',
    where: 'Online, everyone',
    text: 'A month-long challenge each summer with a new song every week and a big finale stream. Perfect for getting back into a routine.',
  },
];

export function EventsPage({ name }: { name: string }) {
  return (
    <ContentPage
      eyebrow="Play together"
      title="Events"
      lead={
        <p>
          Learning guitar is more fun with company. Throughout the year {name} runs live lessons, clinics and workshops, online
          and in person, for every level.
        </p>
      }
      body={
        <>
          <ul className="grid list-none gap-4 pl-0 sm:grid-cols-2">
            {EVENT_TYPES.map((e) => (
              <li key={e.title} className="mt-0 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
                <h2 className="mt-0 text-xl">{e.title}</h2>
                <p className="mt-1 text-sm font-semibold text-brand-700">{e.where}</p>
                <p className="mt-2 text-base">{e.text}</p>
              </li>
            ))}
          </ul>

          <h2>What’s on next</h2>
          <p>
            Upcoming live lessons, with their dates and times, are always on the <Link to="/live">Live page</Link>, and replays of
            past sessions appear there too. Workshop dates are announced by e-mail first: make sure “news and offers” is switched
            on in your notification settings so you hear about them before the places go.
          </p>

          <h2>Running an event?</h2>
          <p>
            {name} occasionally teaches at festivals, schools and guitar clubs. If you would like {name} to visit, tell us about
            your event through the <Link to="/helpdesk">helpdesk</Link>.
          </p>
          <div className="pt-2">
            <LinkButton to="/live">See upcoming live lessons</LinkButton>
          </div>
        </>
      }
    />
  );
}
