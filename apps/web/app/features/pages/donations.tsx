import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { Callout, ContentPage } from './content-page';

export function donationsSeo(name: string) {
  return {
    title: 'Donations',
    description: `Help keep ${name}’s free guitar lessons free for everyone. Why donations matter, what they pay for, and other ways to support Fretline.`,
  };
}

export function DonationsPage({ name }: { name: string }) {
  return (
    <ContentPage
      eyebrow="Keep the free lessons free"
      title="Support Fretline"
      lead={
        <p>
          Many Fretline lessons are free, and they always will be. If they have helped you, a donation helps {name} make the next
          ones.
        </p>
      }
      body={
        <>
          <p>
            Not everyone can pay for lessons, and nobody should have to in order to learn their first chords. The free lessons
            reach players in schools, hospitals, care homes and bedrooms all over the world. Donations from players who are able
            to give keep it that way.
          </p>

          <h2>What your donation pays for</h2>
          <ul>
            <li>Filming, editing and captioning new free lessons.</li>
            <li>Printable chord sheets and tabs that anyone can download.</li>
            <li>Free live lessons, open to everyone, every month.</li>
            <li>Guitars and lesson packs for community music projects.</li>
          </ul>

          <h2>How to donate</h2>
          <p>
            One-off donations of any amount are taken securely through the Fretline shop, where you can choose how much to give.
            You do not need an account, and every penny goes to making lessons.
          </p>
          <div>
            <LinkButton to="/shop" reloadDocument>
              Make a donation
            </LinkButton>
          </div>

          <Callout title="Other ways to help, which cost nothing">
            <ul className="list-disc space-y-1 pl-5">
              <li>Share a lesson that helped you with a friend who is learning.</li>
              <li>Tell us what you would like a lesson on, through the helpdesk.</li>
              <li>
                If it suits you, the <Link to="/membership">Access All Areas membership</Link> supports us and gives you every
                course in return.
              </li>
            </ul>
          </Callout>

          <p>
            Thank you. Whether you give a little, share a lesson or simply keep practising, you are part of what makes this work.
          </p>
        </>
      }
    />
  );
}
