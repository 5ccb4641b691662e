import { Link } from 'react-router';
import { ContentPage } from './content-page';

export const termsSeo = {
  title: 'Terms of use',
  description:
    'The terms that apply when you use Fretline: your account, the Access All Areas membership, free trials, billing, cancelling and how you may use the lessons.',
};

export function TermsPage({ name }: { name: string }) {
  return (
    <ContentPage
      eyebrow="The small print, in plain English"
      title="Terms of use"
      lead={
        <p>
          These terms are the agreement between you and Fretline when you watch a lesson, create an account or become a member. We
          have tried to write them the way {name} teaches: clearly, and without surprises.
        </p>
      }
      updated={new Date(Date.UTC(2026, 10, 1))}
      body={
        <>
          <h2>1. Who we are</h2>
          <p>
            Fretline is the online guitar school of {name}. In these terms “we”, “us” and “our” mean Fretline, and “you” means the
            person using the site. If anything here is unclear, ask us through the <Link to="/helpdesk">helpdesk</Link> and a real
            person will reply.
          </p>

          <h2>2. Your account</h2>
          <p>
            You sign in with a one-time code that we e-mail to you, so there is no password to remember or to leak. Keep access to
            your e-mail account safe, because anyone who can read your e-mail can sign in as you. You can see every device that is
            signed in, and sign any of them out, from your account page.
          </p>
          <p>
            You must be at least 13 years old to create an account. If you are under 18, please ask a parent or guardian first.
          </p>

          <h2>3. Free lessons and the Access All Areas membership</h2>
          <p>
            Many lessons, songs and resources are free for everyone. The Access All Areas membership unlocks every premium lesson,
            every course, the full live-lesson archive and members-only extras. Prices are shown in pounds sterling (GBP) and
            include VAT where it applies.
          </p>
          <ul>
            <li>
              <strong>Free trial.</strong> If you have never been a member, your first membership starts with a free trial. We
              will not take a payment until the trial ends, and you can cancel at any time before then without paying anything.
            </li>
            <li>
              <strong>Billing.</strong> After any trial, the membership renews automatically every month or every year, depending
              on the plan you chose, and the card you gave us is charged at the start of each period.
            </li>
            <li>
              <strong>Cancelling.</strong> You can cancel from your subscription page whenever you like. You keep access until the
              end of the period you have already paid for, and you will not be charged again.
            </li>
            <li>
              <strong>Price changes.</strong> If the price ever changes, we will e-mail you at least 30 days before your next
              payment, so you have time to decide whether to carry on.
            </li>
          </ul>

          <h2>4. Refunds</h2>
          <p>
            Your statutory rights as a UK consumer are not affected by anything in these terms. Beyond those, if you forgot to
            cancel and have not watched any premium lessons since your last renewal, write to the helpdesk within 14 days of the
            payment and we will refund it.
          </p>

          <h2>5. Using the lessons</h2>
          <p>
            The videos, tabs, chord sheets and course materials are made by {name} and the Fretline team and are protected by
            copyright. You are welcome to use them for your own learning, print tabs for your music stand and play the songs
            wherever you like. Please do not copy, re-upload, resell or share your account or the materials with other people.
          </p>
          <p>
            Song lessons teach you how to play music written by other artists. The songs themselves belong to their writers and
            publishers; we only teach how to play them.
          </p>

          <h2>6. Messages and the helpdesk</h2>
          <p>
            Be kind. Do not post anything unlawful, hateful, or that you have no right to share. We may remove messages or close
            accounts that break this rule, and we will tell you why.
          </p>

          <h2>7. Our responsibility to you</h2>
          <p>
            We work hard to keep Fretline available and the lessons accurate, but we cannot promise the site will never be
            interrupted. We are responsible for loss that is a foreseeable result of us breaking these terms or failing to use
            reasonable care. We are not responsible for loss that was not foreseeable, or for business losses. Nothing in these
            terms limits our liability for death or personal injury caused by our negligence, for fraud, or anything else the law
            does not allow us to limit.
          </p>
          <p>Please warm up, take breaks, and stop if anything hurts: good technique is gentle technique.</p>

          <h2>8. Changes to these terms</h2>
          <p>
            We may update these terms from time to time, for example when we add a feature or the law changes. If a change matters
            to you, we will tell you by e-mail before it applies. The date at the top shows when they last changed.
          </p>

          <h2>9. The law that applies</h2>
          <p>
            These terms are governed by the law of England and Wales. If you live elsewhere in the UK, you may also bring a claim
            in the courts of the nation where you live.
          </p>
          <p>
            See also our <Link to="/privacy">privacy notice</Link> and <Link to="/cookies">cookie settings</Link>.
          </p>
        </>
      }
    />
  );
}
