import { formatLong } from '@fretline/contract';
import { Container } from '../../components/ui/container';

/** Fret wires and strings drawn in CSS-free SVG: the quiet backdrop of every content page's hero. */
function FretboardPattern({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" className={className} viewBox="0 0 600 240" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="fret-fade" x1="0" x2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0" />
          <stop offset="1" stopColor="#fff" stopOpacity="0.9" />
        </linearGradient>
      </defs>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <line
          key={`s${i}`}
          x1="0"
          x2="600"
          y1={40 + i * 32}
          y2={40 + i * 32}
          stroke="currentColor"
          strokeWidth={0.8 + i * 0.35}
          opacity="0.35"
        />
      ))}
      {[60, 170, 270, 360, 440, 512, 576].map((x) => (
        <rect key={`f${x}`} x={x} y="24" width="4" height="192" rx="2" fill="currentColor" opacity="0.25" />
      ))}
      {[
        [115, 104],
        [315, 104],
        [476, 104],
        [315, 168],
      ].map(([cx, cy]) => (
        <circle key={`d${cx}-${cy}`} cx={cx} cy={cy} r="7" fill="currentColor" opacity="0.3" />
      ))}
    </svg>
  );
}

export interface ContentHeroProps {
  eyebrow?: string;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
}

/** The top band of a content page: eyebrow, the page's one h1, an introductory paragraph. */
export function ContentHero({ eyebrow, title, lead, children }: ContentHeroProps) {
  return (
    <section className="relative overflow-hidden border-b border-brand-100 bg-gradient-to-br from-brand-50 via-white to-stone-50">
      <FretboardPattern className="pointer-events-none absolute inset-y-0 right-0 hidden h-full w-[38%] text-brand-300 lg:block" />
      <Container className="relative py-14 sm:py-20">
        <div className="max-w-2xl">
          {eyebrow ? <p className="text-sm font-bold tracking-widest text-brand-700 uppercase">{eyebrow}</p> : null}
          <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-balance text-ink-900 sm:text-5xl">{title}</h1>
          {lead ? <div className="mt-5 text-lg leading-relaxed text-pretty text-stone-700 sm:text-xl">{lead}</div> : null}
          {children ? <div className="mt-8">{children}</div> : null}
        </div>
      </Container>
    </section>
  );
}

export interface ContentPageProps extends ContentHeroProps {
  /** Shown above the article in the long format (product.md#constants) (the date legal texts were last updated). */
  updated?: Date;
  /** The article body; rendered with the long-form type styles. */
  body: React.ReactNode;
  /** Full-width sections after the article. */
  after?: React.ReactNode;
}

export function ContentPage({ body, after, updated, ...hero }: ContentPageProps) {
  return (
    <>
      <ContentHero {...hero} />
      <Container width="prose" className="py-12 sm:py-16">
        {updated ? (
          <p className="mb-8 text-sm text-stone-500">
            Last updated <time dateTime={updated.toISOString().slice(0, 10)}>{formatLong(updated)}</time>
          </p>
        ) : null}
        <article className="prose-fret">{body}</article>
      </Container>
      {after}
    </>
  );
}

/** A highlighted aside inside an article. */
export function Callout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <aside className="rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:p-6">
      <h2 className="mt-0 text-lg font-bold text-ink-900">{title}</h2>
      <div className="mt-2 text-base leading-relaxed text-ink-700">{children}</div>
    </aside>
  );
}
