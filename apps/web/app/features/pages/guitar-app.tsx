import { Link } from 'react-router';
import { Callout, ContentPage } from './content-page';

export function guitarAppSeo(name: string) {
  return {
    title: `The ${name} Guitar app`,
    description: `Fretline works like an app on your phone and tablet: add it to your home screen in two taps. Here is how, and why there is no iPhone app in the App Store.`,
  };
}

function PhoneIllustration() {
  return (
    <svg viewBox="0 0 220 300" aria-hidden="true" className="mx-auto h-64 w-auto drop-shadow-xl sm:h-72">
      <rect x="40" y="10" width="140" height="280" rx="24" fill="#1c1917" />
      <rect x="50" y="28" width="120" height="244" rx="14" fill="#fff7ed" />
      <rect x="92" y="18" width="36" height="5" rx="2.5" fill="#44403c" />
      <rect x="60" y="42" width="100" height="58" rx="8" fill="#ea580c" />
      <path d="M103 60v22l18-11z" fill="#fff" />
      <rect x="60" y="110" width="70" height="8" rx="4" fill="#1c1917" opacity="0.8" />
      <rect x="60" y="124" width="96" height="6" rx="3" fill="#a8a29e" />
      <rect x="60" y="136" width="84" height="6" rx="3" fill="#a8a29e" />
      {[0, 1, 2].map((i) => (
        <g key={i} transform={`translate(60 ${156 + i * 36})`}>
          <rect width="100" height="28" rx="7" fill="#fff" stroke="#fed7aa" />
          <rect x="6" y="6" width="16" height="16" rx="4" fill="#fdba74" />
          <rect x="28" y="8" width="52" height="5" rx="2.5" fill="#44403c" />
          <rect x="28" y="17" width="36" height="4" rx="2" fill="#a8a29e" />
        </g>
      ))}
    </svg>
  );
}

export function GuitarAppPage({ name }: { name: string }) {
  return (
    <ContentPage
      eyebrow="On your phone and tablet"
      title={`The ${name} Guitar app`}
      lead={
        <p>
          Fretline is built to work beautifully on a phone propped on your music stand. There is nothing to download: add it to
          your home screen and it opens full screen, just like an app.
        </p>
      }
      body={
        <>
          <div className="grid items-center gap-8 sm:grid-cols-[1fr_auto]">
            <div>
              <h2 className="mt-0">Add Fretline to your home screen</h2>
              <h3>iPhone and iPad (Safari)</h3>
              <ol>
                <li>Open Fretline in Safari and sign in.</li>
                <li>Tap the Share button (the square with an arrow pointing up).</li>
                <li>Scroll down and tap “Add to Home Screen”, then “Add”.</li>
              </ol>
              <h3>Android (Chrome)</h3>
              <ol>
                <li>Open Fretline in Chrome and sign in.</li>
                <li>Tap the three-dot menu in the top corner.</li>
                <li>Tap “Install app” or “Add to Home screen”.</li>
              </ol>
            </div>
            <PhoneIllustration />
          </div>
          <p>
            The orange pick icon will appear next to your other apps. It opens straight into your lessons, remembers that you are
            signed in, and picks up your courses exactly where you left them, on whichever device you used last.
          </p>

          <h2>Why is there no iPhone app in the App Store?</h2>
          <p>
            We get asked this a lot, and it is a fair question. The short answer is that we would rather spend your membership fee
            on lessons than on fees.
          </p>
          <p>
            Apple’s rules say that if an iPhone app lets you buy a subscription, the purchase generally has to go through Apple’s
            own in-app payment system, and Apple keeps a commission of up to 30% of every payment. For a small teaching business,
            that is a huge slice: it would mean either raising the price for everyone or making fewer lessons.
          </p>
          <p>
            We did not want to do either. So instead of an App Store app, we have put our effort into making the website itself
            work like an app: fast, full screen, and happy on a small screen. You get the same lessons, the same progress and the
            same price, wherever you sign in.
          </p>
          <Callout title="Already a member through the website?">
            <p>
              Everything you have access to on your computer works on your phone too. Just sign in with the same e-mail address;
              there is nothing extra to buy.
            </p>
          </Callout>
          <p>
            Something not working on your device? Let us know through the <Link to="/helpdesk">helpdesk</Link>, along with the
            phone and browser you are using, and we will look into it.
          </p>
        </>
      }
    />
  );
}
