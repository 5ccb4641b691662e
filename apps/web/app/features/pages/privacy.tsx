import { Link } from 'react-router';
import { ContentPage } from './content-page';

export const privacySeo = {
  title: 'Privacy notice',
  description:
    'What personal information Fretline keeps, why we keep it, who helps us process it, how long we keep it and the rights you have under UK data protection law.',
};

export function PrivacyPage({ name }: { name: string }) {
  return (
    <ContentPage
      eyebrow="Your information"
      title="Privacy notice"
      lead={
        <p>
          We keep as little about you as we can, we never sell it, and you can ask us to delete it at any time. Here is the
          detail.
        </p>
      }
      updated={new Date(Date.UTC(2026, 10, 1))}
      body={
        <>
          <h2>Who looks after your data</h2>
          <p>
            Fretline, the online guitar school of {name}, is the controller of the personal information described here. You can
            reach us about anything in this notice through the <Link to="/helpdesk">helpdesk</Link>.
          </p>

          <h2>What we collect</h2>
          <ul>
            <li>
              <strong>Account details</strong>: your e-mail address, and your name and telephone number if you choose to give
              them.
            </li>
            <li>
              <strong>Learning progress</strong>: the lessons you save to My List, where you are in each course and how far
              through a video you got, so you can pick up where you left off.
            </li>
            <li>
              <strong>Membership and billing</strong>: your subscriptions, invoices and billing address. Card numbers go straight
              to our payment provider, Stripe; we only ever see the card type, its last four digits and its expiry date.
            </li>
            <li>
              <strong>Messages</strong>: what you write to us through the helpdesk or your inbox, so we can answer and keep the
              conversation together.
            </li>
            <li>
              <strong>Sign-in sessions</strong>: the device, browser and IP address of each signed-in session, so you can see them
              on your account page and sign out anything you do not recognise.
            </li>
            <li>
              <strong>Usage</strong>: which pages are visited and how the site is used, only if you allow analytics cookies.
            </li>
          </ul>

          <h2>Why we use it, and our lawful basis</h2>
          <ul>
            <li>To run your account and your membership: this is necessary for our contract with you.</li>
            <li>To keep the site secure and prevent abuse: our legitimate interest in protecting you and the service.</li>
            <li>
              To send lesson news and offers: only with your consent, which you can withdraw with the unsubscribe link in any
              e-mail or from your notification settings.
            </li>
            <li>To keep financial records: a legal obligation.</li>
          </ul>

          <h2>Who helps us</h2>
          <p>
            We use a small number of trusted providers: Stripe for payments, an e-mail delivery service for sign-in codes and
            messages, and our hosting provider. Each one processes data only on our instructions. If data leaves the UK, it is
            protected by the safeguards UK law requires.
          </p>

          <h2>How long we keep it</h2>
          <p>We keep your account while you use it. Ended sign-in sessions are removed after a year.</p>
          <p>When you delete your account, it happens straight away:</p>
          <ul>
            <li>
              <strong>Erased</strong>: your name, e-mail address and telephone number; your sign-in sessions with their IP
              addresses and browsers; your sign-in codes; your progress, play positions and My List; your billing address and card
              details; your helpdesk conversations with everything you wrote in them (names, phone number, IP address and
              messages); error reports from your browser; and any e-mail still waiting to be sent to you.
            </li>
            <li>
              <strong>Anonymised</strong>: records of how the site was used stay in our statistics, with nothing that links them
              to you. If you answered members as staff, your answers stay for them without your name.
            </li>
            <li>
              <strong>Kept, without your identity</strong>: your subscriptions and invoices (amounts, dates, what was bought and
              the payment provider&apos;s references), because tax law requires us to keep financial records for six years. They
              no longer hold your name, e-mail address, billing address or card details.
            </li>
          </ul>

          <h2>Cookies</h2>
          <p>
            We use a cookie to keep you signed in and a few others to remember your choices. Anything optional, such as analytics
            or embedded videos from other sites, waits for your permission. You can change your mind at any time in your{' '}
            <Link to="/cookies">cookie settings</Link>.
          </p>

          <h2>Your rights</h2>
          <p>
            Under UK data protection law you can ask for a copy of your information, ask us to correct or delete it, object to or
            restrict how we use it, and ask for it in a portable format. Write to the helpdesk and we will answer within a month.
            If you are unhappy with how we have handled your information, you can complain to the Information Commissioner’s
            Office (ICO), though we would love the chance to put it right first.
          </p>
        </>
      }
    />
  );
}
