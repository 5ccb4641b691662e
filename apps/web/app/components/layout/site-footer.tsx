import { Link } from 'react-router';
import { Container } from '../ui/container';
import { Logo } from './logo';

export interface SiteFooterProps {
  teacherName: string;
  teacherDisplayName: string;
  /** Flag featuresLinkInFooter (product.md#entities): whether /features is linked. */
  showFeaturesLink: boolean;
}

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

function footerColumns({ teacherName, teacherDisplayName, showFeaturesLink }: SiteFooterProps) {
  const learn: FooterLink[] = [
    { label: 'Videos', to: '/videos' },
    { label: 'Courses', to: '/courses' },
    { label: 'Live lessons', to: '/live' },
    { label: 'Free resources', to: '/free-resources' },
    { label: 'Membership', to: '/membership' },
  ];
  const about: FooterLink[] = [
    { label: `About ${teacherDisplayName}`, to: `/about-${teacherName}` },
    { label: 'The Fretline app', to: `/${teacherName}-guitar-app` },
    { label: 'Signature products', to: '/signature-products' },
    { label: 'Christmas songbook', to: '/free-christmas-mini-songbook' },
    { label: 'Events', to: '/events' },
    { label: 'Donations', to: '/donations' },
    ...(showFeaturesLink ? [{ label: 'Features', to: '/features' }] : []),
  ];
  const support: FooterLink[] = [
    { label: 'Helpdesk', to: '/helpdesk' },
    { label: 'Shop', to: '/shop', external: true },
    { label: 'Brand guidelines', to: '/brand-guidelines' },
    { label: 'Terms', to: '/terms' },
    { label: 'Privacy', to: '/privacy' },
    { label: 'Cookies', to: '/cookies' },
  ];
  return [
    { heading: 'Learn', links: learn },
    { heading: `${teacherDisplayName} & Fretline`, links: about },
    { heading: 'Help & legal', links: support },
  ];
}

// Below md the links are tapped, so each gets a 40 px row; with a mouse the list stays compact.
const linkClass =
  'inline-flex min-h-10 items-center text-stone-300 transition-colors hover:text-white hover:underline underline-offset-4 md:min-h-0';

export function SiteFooter(props: SiteFooterProps) {
  const year = new Date().getUTCFullYear();
  return (
    <footer className="mt-auto bg-ink-900 text-stone-300">
      <Container width="wide" className="py-12 sm:py-16">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-[1.3fr_1fr_1fr_1fr]">
          <div className="col-span-2 max-w-xs md:col-span-1">
            <Logo inverted />
            <p className="mt-4 text-sm leading-relaxed text-stone-400">
              Friendly, structured guitar lessons from {props.teacherDisplayName}: learn the songs you love, one clear step at a
              time.
            </p>
          </div>
          {footerColumns(props).map((col) => (
            <nav key={col.heading} aria-label={col.heading}>
              <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{col.heading}</h2>
              <ul className="mt-2 text-[15px] md:mt-4 md:space-y-2.5">
                {col.links.map((l) => (
                  <li key={l.to}>
                    {l.external ? (
                      <a href={l.to} className={linkClass}>
                        {l.label}
                      </a>
                    ) : (
                      <Link to={l.to} className={linkClass}>
                        {l.label}
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="mt-12 border-t border-white/10 pt-6 text-sm text-stone-400">
          © {year} Fretline. Made with care for guitarists everywhere. Prices in GBP.
        </p>
      </Container>
    </footer>
  );
}
