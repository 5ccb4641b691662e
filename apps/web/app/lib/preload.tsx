import { useEffect, useRef, useState, type FocusEvent, type MouseEvent, type TouchEvent } from 'react';
import { createPath, Link, PrefetchPageLinks, type LinkProps } from 'react-router';
import { MAX_ROUTE_PRELOADS } from '@fretline/contract';
import { importRouteModulesFor } from './route-chunk-guard';

/**
 * At most 4 route preloads at once (ADR 0006; product.md#constants). React Router's own `<Link prefetch>` has
 * no global cap, so links that should preload use `<PreloadLink>`: on intent (hover, focus,
 * touch) it asks a shared limiter for one of 4 slots and only then renders React Router's
 * `<PrefetchPageLinks>` (the route's modules and data). A slot is held for PRELOAD_HOLD_MS — long
 * enough for the browser to start and usually finish those requests — and then passed on to the
 * next waiting link; a link preloads at most once.
 */
export const PRELOAD_HOLD_MS = 1_500;
const INTENT_DELAY_MS = 100;

export interface Limiter {
  /** Resolves with a release function once a slot is free. */
  acquire(): Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
}

export function createLimiter(max: number): Limiter {
  let active = 0;
  const queue: Array<(release: () => void) => void> = [];
  const grant = (resolve: (release: () => void) => void) => {
    active++;
    let released = false;
    resolve(() => {
      if (released) return;
      released = true;
      active--;
      const next = queue.shift();
      if (next) grant(next);
    });
  };
  return {
    acquire: () =>
      new Promise((resolve) => {
        if (active < max) grant(resolve);
        else queue.push(resolve);
      }),
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}

export const routePreloads = createLimiter(MAX_ROUTE_PRELOADS);

export type PreloadLinkProps = Omit<LinkProps, 'prefetch'>;

/** A `<Link>` that preloads its route on intent, within the site-wide cap. */
export function PreloadLink({ to, onMouseEnter, onMouseLeave, onFocus, onBlur, onTouchStart, ...rest }: PreloadLinkProps) {
  const [preloading, setPreloading] = useState(false);
  const requested = useRef(false);
  const mounted = useRef(true);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const page = typeof to === 'string' ? to : createPath(to);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const start = () => {
    if (requested.current) return;
    requested.current = true;
    void routePreloads.acquire().then((release) => {
      if (!mounted.current) return release();
      setTimeout(release, PRELOAD_HOLD_MS);
      // The route's modules first: React Router reloads the page, unguarded, when a preload's module
      // fails to import; a chunk that is gone is left to the click (lib/route-chunk-guard.ts).
      importRouteModulesFor(page.split(/[?#]/)[0]!).then(
        () => mounted.current && setPreloading(true),
        () => undefined,
      );
    });
  };
  const intend = () => {
    if (requested.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(start, INTENT_DELAY_MS);
  };
  const cancel = () => clearTimeout(timer.current);

  return (
    <>
      <Link
        to={to}
        prefetch="none"
        onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
          onMouseEnter?.(e);
          intend();
        }}
        onMouseLeave={(e: MouseEvent<HTMLAnchorElement>) => {
          onMouseLeave?.(e);
          cancel();
        }}
        onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
          onFocus?.(e);
          intend();
        }}
        onBlur={(e: FocusEvent<HTMLAnchorElement>) => {
          onBlur?.(e);
          cancel();
        }}
        onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
          onTouchStart?.(e);
          start();
        }}
        {...rest}
      />
      {preloading ? <PrefetchPageLinks page={page} /> : null}
    </>
  );
}
