import { LogoMark } from '../../components/layout/logo';
import { ContentPage } from './content-page';

export const brandGuidelinesSeo = {
  title: 'Brand guidelines',
  description:
    'How to write about and show Fretline: our name, logo, colours and tone of voice, for press, partners and anyone sharing our lessons.',
};

const COLOURS = [
  { name: 'Fretline Orange', hex: '#EA580C', className: 'bg-brand-600 text-ink-900' },
  { name: 'Ember', hex: '#C2410C', className: 'bg-brand-700 text-white' },
  { name: 'Peach', hex: '#FFEDD5', className: 'bg-brand-100 text-ink-900' },
  { name: 'Ink', hex: '#1C1917', className: 'bg-ink-900 text-white' },
  { name: 'Stone', hex: '#F5F5F4', className: 'bg-stone-100 text-ink-900' },
];

export function BrandGuidelinesPage({ name }: { name: string }) {
  return (
    <ContentPage
      eyebrow="For press and partners"
      title="Brand guidelines"
      lead={
        <p>
          Writing about us, linking to a lesson or making something together? Thank you. These notes help Fretline look and sound
          like itself wherever it appears.
        </p>
      }
      body={
        <>
          <h2>Our name</h2>
          <p>
            Write <strong>Fretline</strong> as one word with a capital F: not “FretLine”, “Fret Line” or “FRETLINE”. Our teacher
            is <strong>{name}</strong>, and the membership is <strong>Access All Areas</strong>, with each word capitalised.
          </p>

          <h2>The logo</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <figure className="flex flex-col items-center justify-center gap-3 rounded-2xl border border-stone-200 bg-white p-8">
              <span className="flex items-center gap-2">
                <LogoMark className="size-12" />
                <span className="text-3xl font-extrabold tracking-tight text-ink-900">
                  Fret<span className="text-brand-600">line</span>
                </span>
              </span>
              <figcaption className="text-sm text-stone-500">On light backgrounds</figcaption>
            </figure>
            <figure className="flex flex-col items-center justify-center gap-3 rounded-2xl bg-ink-900 p-8">
              <span className="flex items-center gap-2">
                <LogoMark className="size-12" />
                <span className="text-3xl font-extrabold tracking-tight text-white">
                  Fret<span className="text-brand-500">line</span>
                </span>
              </span>
              <figcaption className="text-sm text-stone-400">On dark backgrounds</figcaption>
            </figure>
          </div>
          <p>
            The mark is a plectrum crossed by three frets and a single string. Give it room to breathe: keep clear space around it
            at least as wide as the pick itself. Please do not stretch it, recolour it, add effects or rearrange the mark and the
            word.
          </p>

          <h2>Colours</h2>
          <ul className="grid list-none grid-cols-2 gap-3 pl-0 sm:grid-cols-5">
            {COLOURS.map((c) => (
              <li key={c.hex} className="mt-0 overflow-hidden rounded-xl border border-stone-200">
                <div className={`flex h-20 items-end p-2 text-xs font-semibold ${c.className}`}>{c.hex}</div>
                <p className="px-2 py-1.5 text-sm font-medium text-ink-900">{c.name}</p>
              </li>
            ))}
          </ul>
          <p>
            Orange is our accent, not our background: use it for the thing you want people to notice, and let the warm neutrals do
            the rest.
          </p>

          <h2>Tone of voice</h2>
          <ul>
            <li>
              <strong>Warm, not gushing.</strong> We sound like a good teacher: encouraging, honest and on your side.
            </li>
            <li>
              <strong>Clear, not clever.</strong> Short sentences, everyday words, and jargon explained the first time it appears.
            </li>
            <li>
              <strong>British English.</strong> Colour, practise (the verb), practice (the noun), and the occasional cup of tea.
            </li>
          </ul>

          <h2>Using our lessons and images</h2>
          <p>
            You are welcome to link to any page and to embed our free YouTube lessons. For anything else, such as using
            screenshots in print or featuring {name} in an article, ask us through the helpdesk and we will usually say yes.
          </p>
        </>
      }
    />
  );
}
