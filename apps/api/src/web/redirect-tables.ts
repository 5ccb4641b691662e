// Data of the legacy redirects (product.md#pages, "Redirects"); the logic is in redirects.ts.
// The old site's URL shapes are not in the spec; these are the shapes it used, documented in
// redirects.ts. Keep these tables as plain data: marketing edits them, code does not change.

/** The seven retired course slugs and the courses that replaced them (product.md#pages). */
export const RETIRED_COURSE_SLUGS: Readonly<Record<string, string>> = {
  'beginners-guitar-course-2019': 'beginner-guitar-course',
  'rock-rhythm-guitar': 'electric-rock-rhythm',
  'intermediate-method': 'intermediate-guitar-course',
  'lead-guitar-level-1': 'lead-guitar-1',
  'lead-guitar-level-2': 'lead-guitar-2',
  'lead-guitar-level-3': 'lead-guitar-3',
  'ukulele-for-beginners': 'ukulele-course',
};

/** Old single-segment pages and the page that replaced each (exact paths, no slug). */
export const LEGACY_PAGES: Readonly<Record<string, string>> = {
  // Lesson-list and song-list URLs.
  '/lessons': '/videos',
  '/lesson-list': '/videos',
  '/online-lessons': '/videos',
  '/songs': '/videos',
  '/song-list': '/videos',
  // Learning-pathway and course-list URLs.
  '/learning-pathway': '/courses',
  '/learning-pathways': '/courses',
  '/course-list': '/courses',
  '/courses-list': '/courses',
  // Member-status, access-all-areas and downloads URLs.
  '/member-status': '/membership',
  '/access-all-areas': '/membership',
  '/downloads': '/membership',
  '/bookmarks': '/my-list',
  '/alerts': '/',
  '/learn-more': '/',
  '/notifications': '/',
  '/contact': '/helpdesk',
  '/settings': '/me/edit',
  '/live-streams': '/live',
  '/dashboard': '/',
};

/** `/dashboard/<page>` → new page; any other /dashboard path goes home. */
export const DASHBOARD_PAGES: Readonly<Record<string, string>> = {
  subscriptions: '/me/subscriptions',
  welcome: '/welcome',
  'my-list': '/my-list',
  bookmarks: '/my-list',
  'free-resources': '/free-resources',
  library: '/courses',
  songs: '/videos',
};

/** First path segments whose second segment is a video slug: /lessons/:slug → /videos/:slug. */
export const VIDEO_PREFIXES: ReadonlySet<string> = new Set([
  'lesson',
  'lessons',
  'online-lesson',
  'online-lessons',
  'song',
  'songs',
  'course-lesson',
  'course-lessons',
]);

/**
 * Old module pages (`/modules/:slug`, `/module/:slug`) and the course that holds each. The
 * catalogue has no modules (a course is one ordered list of videos), so a module URL can only
 * lead to its course: through this table, else through a slug that names a known course
 * (`lead-guitar-level-1-module-3`, see redirects.ts), else to /courses.
 */
export const MODULE_COURSES: Readonly<Record<string, string>> = {};

/** First path segments whose second segment is a tag slug: /tags/:slug → /videos?tags=:slug. */
export const TAG_PREFIXES: ReadonlySet<string> = new Set(['tag', 'tags', 'meta', 'type', 'types']);

/** First path segments under which everything is membership (e.g. /downloads/tab-pack.pdf). */
export const MEMBERSHIP_PREFIXES: ReadonlySet<string> = new Set(['member-status', 'access-all-areas', 'downloads']);

/** Shop pages that all lead to the shop home. */
export const SHOP_HOME_PAGES: ReadonlySet<string> = new Set(['cart', 'checkout', 'payment']);

/** Old shop product slugs → the external shop's product handles (product.md#pages). */
export const SHOP_PRODUCTS: Readonly<Record<string, string>> = {
  'trigger-capo': 'trigger-capo-black',
  'trigger-capo-silver': 'trigger-capo-silver',
  'partial-capo': 'partial-capo-3-string',
  'ukulele-capo': 'ukulele-capo',
  'spider-capo': 'spider-capo',
  'pick-pack-12': 'pick-variety-pack-12',
  'pick-pack-24': 'pick-variety-pack-24',
  'celluloid-picks-medium': 'celluloid-picks-medium-071',
  'celluloid-picks-heavy': 'celluloid-picks-heavy-096',
  'jazz-picks': 'jazz-iii-picks-6-pack',
  'felt-ukulele-picks': 'felt-ukulele-picks',
  'pick-tin': 'pick-tin-with-12-picks',
  'acoustic-strings-light': 'acoustic-strings-phosphor-bronze-12-53',
  'acoustic-strings-extra-light': 'acoustic-strings-phosphor-bronze-10-47',
  'electric-strings-10': 'electric-strings-nickel-10-46',
  'electric-strings-9': 'electric-strings-nickel-9-42',
  'classical-strings': 'classical-strings-normal-tension',
  'ukulele-strings': 'ukulele-strings-soprano-concert',
  'string-winder': 'string-winder-cutter',
  'clip-on-tuner': 'clip-on-tuner-chromatic',
  'pedal-tuner': 'pedal-tuner',
  'guitar-strap': 'guitar-strap-leather-brown',
  'strap-locks': 'strap-locks-pair',
  'guitar-stand': 'folding-guitar-stand',
  'wall-hanger': 'guitar-wall-hanger',
  'gig-bag': 'padded-gig-bag-acoustic',
  'slide-glass': 'glass-slide-medium',
  'slide-brass': 'brass-slide-medium',
  metronome: 'digital-metronome',
  'polishing-cloth': 'microfibre-polishing-cloth',
  'fretboard-oil': 'fretboard-conditioner',
  'beginner-songbook': 'beginner-songbook-vol-1',
  'beginner-songbook-2': 'beginner-songbook-vol-2',
  'christmas-songbook': 'christmas-songbook',
  'blues-songbook': 'blues-songbook',
  'ukulele-songbook': 'ukulele-songbook',
  'chord-chart-poster': 'chord-chart-poster-a2',
  'scale-poster': 'pentatonic-scale-poster-a2',
  'practice-journal': 'practice-journal',
  'beginner-course-book': 'beginner-guitar-course-book',
  'fretline-t-shirt': 'fretline-logo-t-shirt-black',
  'fretline-t-shirt-white': 'fretline-logo-t-shirt-white',
  'chord-t-shirt': 'chord-shapes-t-shirt',
  'fretline-hoodie': 'fretline-logo-hoodie',
  'fretline-mug': 'fretline-mug',
  'gift-card': 'gift-card',
};

/** Old shop tag slugs → the external shop's collection handles (product.md#pages). */
export const SHOP_TAGS: Readonly<Record<string, string>> = {
  capos: 'capos',
  picks: 'picks-and-plectrums',
  strings: 'strings',
  songbooks: 'songbooks',
  books: 'books-and-posters',
  posters: 'books-and-posters',
  clothing: 'clothing',
  't-shirts': 'clothing',
  accessories: 'accessories',
  ukulele: 'ukulele',
  gifts: 'gifts',
};
