import { displayTeacherName } from '../../lib/root-data';
import { readWebConfig } from '../../lib/config.server';

/** Installable web app (the /{name}-guitar-app page explains "Add to Home Screen"). */
export function loader() {
  const name = displayTeacherName(readWebConfig().teacherName);
  const manifest = {
    name: `Fretline: guitar lessons with ${name}`,
    short_name: 'Fretline',
    description: `Guitar lessons, courses and live streams with ${name}.`,
    lang: 'en-GB',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#ea580c',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
}
