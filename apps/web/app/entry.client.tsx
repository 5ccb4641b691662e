import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { config as configureZod } from 'zod/v4/core';
import { routeChunkGuard } from './lib/route-chunk-guard';

// Our CSP has no 'unsafe-eval' (ADR 0002). Zod would otherwise probe `new Function` on its first
// parse, which the browser blocks and logs as a CSP violation; jitless mode never tries.
configureZod({ jitless: true });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter instrumentations={[routeChunkGuard]} />
    </StrictMode>,
  );
});
