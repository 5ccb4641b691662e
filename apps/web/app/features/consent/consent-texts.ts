import type { ConsentChoice } from '../../lib/consent';

/** The cookie explanations (product.md#pages): what each consent category covers, in plain words. */
export const CONSENT_EXPLANATIONS: Record<ConsentChoice, { title: string; text: string }> = {
  video: {
    title: 'Video',
    text: 'Some lessons include videos hosted on YouTube. Playing one lets YouTube set its own cookies, even though we use its privacy-enhanced (no-cookie) player. Without this, you see a link to watch the video on YouTube instead.',
  },
  audio: {
    title: 'Audio',
    text: 'Some lessons include players from Spotify and Soundslice so you can listen along or follow the notation. These services may set cookies when they load. Without this, you see a link to open them on their own sites.',
  },
  marketing: {
    title: 'Marketing',
    text: 'Lets us record which campaign or website brought you here and whether you went on to join, so we know which adverts and newsletters are worth doing. Nothing is shared with advertising networks.',
  },
  payment: {
    title: 'Payment',
    text: 'Our payment provider, Stripe, uses cookies to recognise fraud when you buy or change a membership. Stripe only loads on the payment pages.',
  },
  analytic: {
    title: 'Analytics',
    text: 'Lets us record which pages are visited and which features are used, in our own records, to make the lessons and the site better. No third-party analytics service is involved.',
  },
};

/** The cookies the site needs to work at all; they are always on. */
export const ESSENTIAL_COOKIES: { name: string; text: string }[] = [
  { name: 'token', text: 'Keeps you signed in (1 year, until you sign out).' },
  { name: 'email', text: 'Remembers your e-mail address for signing in (1 year).' },
  { name: 'correlation', text: 'A random number that lets support trace a problem you report (1 year).' },
  { name: 'return', text: 'Remembers the page to take you back to after you sign in (48 hours).' },
  { name: 'consent_*', text: 'Remember your choices on this page (1 year each).' },
  { name: 'feature_flags', text: 'Keeps the version of the site you see consistent between visits (1 year).' },
];
