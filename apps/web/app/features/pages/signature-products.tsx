import { LinkButton } from '../../components/ui/link-button';
import { Container } from '../../components/ui/container';
import { ContentHero } from './content-page';

export function signatureProductsSeo(name: string) {
  return {
    title: `${name}’s signature products`,
    description: `The picks, capo, strap and practice books ${name} designed and uses every day, available from the Fretline shop.`,
  };
}

const PRODUCTS = [
  {
    title: 'Signature pick pack',
    text: 'Twelve medium-gauge picks with a grippy textured face and a slightly rounded tip: bright enough for strumming, controlled enough for lead.',
    colour: '#ea580c',
    shape: 'pick',
  },
  {
    title: 'Quick-change capo',
    text: 'A light, one-handed capo with an even clamp that keeps you in tune. Fits acoustic and electric necks.',
    colour: '#1c1917',
    shape: 'capo',
  },
  {
    title: 'Practice strap',
    text: 'Soft, wide and padded where it matters, so long practice sessions stay comfortable. Woven with the Fretline fret pattern.',
    colour: '#c2410c',
    shape: 'strap',
  },
  {
    title: 'The Practice Journal',
    text: 'A spiral-bound notebook with blank tab, chord boxes and a weekly practice planner laid out the way the courses work.',
    colour: '#78716c',
    shape: 'book',
  },
] as const;

function ProductArt({ shape, colour }: { shape: (typeof PRODUCTS)[number]['shape']; colour: string }) {
  return (
    <svg viewBox="0 0 160 120" aria-hidden="true" className="h-32 w-full">
      <rect width="160" height="120" fill="#fff7ed" />
      {shape === 'pick' ? (
        <g transform="translate(52 18)">
          <path d="M28 0c15 0 28 6 28 17 0 15-14 46-22 55a8 8 0 0 1-12 0C14 63 0 32 0 17 0 6 13 0 28 0Z" fill={colour} />
          <path d="M12 20h32M15 32h26M19 44h18" stroke="#fff7ed" strokeWidth="3" strokeLinecap="round" />
        </g>
      ) : null}
      {shape === 'capo' ? (
        <g>
          <rect x="30" y="52" width="100" height="16" rx="8" fill={colour} />
          <path d="M40 52c0-22 40-30 60-18" stroke={colour} strokeWidth="8" fill="none" strokeLinecap="round" />
          <circle cx="104" cy="36" r="8" fill="#ea580c" />
        </g>
      ) : null}
      {shape === 'strap' ? (
        <g>
          <path d="M10 90C50 30 110 30 150 90" stroke={colour} strokeWidth="22" fill="none" strokeLinecap="round" />
          <path d="M10 90C50 30 110 30 150 90" stroke="#fed7aa" strokeWidth="2" strokeDasharray="6 8" fill="none" />
        </g>
      ) : null}
      {shape === 'book' ? (
        <g>
          <rect x="44" y="16" width="72" height="90" rx="6" fill={colour} />
          <rect x="56" y="34" width="48" height="8" rx="4" fill="#fff7ed" />
          <rect x="56" y="48" width="34" height="6" rx="3" fill="#fdba74" />
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <circle key={i} cx="44" cy={24 + i * 14} r="3" fill="#e7e5e4" />
          ))}
        </g>
      ) : null}
    </svg>
  );
}

export function SignatureProductsPage({ name }: { name: string }) {
  return (
    <>
      <ContentHero
        eyebrow="Designed by a teacher"
        title={`${name}’s signature products`}
        lead={
          <p>
            A small range of the gear {name} reaches for every day, designed around the problems students bring to lessons. Every
            purchase helps keep the free lessons free.
          </p>
        }
      >
        <LinkButton to="/shop" reloadDocument size="lg">
          Visit the shop
        </LinkButton>
      </ContentHero>
      <Container className="py-14 sm:py-20">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PRODUCTS.map((p) => (
            <li key={p.title} className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm">
              <ProductArt shape={p.shape} colour={p.colour} />
              <div className="p-5">
                <h2 className="text-lg font-bold text-ink-900">{p.title}</h2>
                <p className="mt-2 leading-relaxed text-stone-600">{p.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mx-auto mt-12 max-w-2xl text-center text-stone-600">
          Stock, prices and delivery options are shown in the shop, which opens on its own site. Orders are dispatched from the
          UK.
        </p>
      </Container>
    </>
  );
}
