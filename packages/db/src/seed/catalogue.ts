import type { Database } from '../client.ts';
import {
  courseTestimonials,
  courseVideos,
  courses,
  freeResources,
  liveStreams,
  videoCaptions,
  videoChapters,
  videoChordMarks,
  videoScores,
  videoScoreSyncPoints,
  videoChords,
  videoSections,
  videoTags,
  videos,
} from '../schema/videos.ts';

/**
 * Demo catalogue (ARCHITECTURE.md "Demo content"): the seven courses the redirects name (product.md#pages) plus the
 * technique course, lessons, songs by invented artists with invented titles, live replays,
 * streams and free resources. Media paths under `demo/` are served from the committed
 * media/demo folder (posters and the one HLS clip we generated), so the demo plays offline.
 */

const CLIP = 'demo/hls/demo-clip/index.m3u8';
const CLIP_SECONDS = 16;

interface CourseSeed {
  slug: string;
  title: string;
  image: string;
  excerpt: string;
  description: string;
  position: string;
  archetype?: string;
}

const COURSES: CourseSeed[] = [
  {
    slug: 'beginner-guitar-course',
    title: 'Beginner Guitar Course',
    image: 'beginner-guitar-course',
    position: 'center',
    excerpt: 'Never played before? Start here: eight chords, simple strumming and your first whole songs.',
    description:
      '<p>This course takes you from holding a guitar for the first time to playing complete songs with confidence. Every lesson is short, has one clear goal and ends with something you can play.</p><p>You will learn eight essential open chords, how to change between them smoothly, four strumming patterns and how to keep time. Songs are woven in from the second week so practice never feels like homework.</p>',
  },
  {
    slug: 'electric-rock-rhythm',
    title: 'Electric Rock Rhythm',
    image: 'electric-rock-rhythm',
    position: 'top',
    excerpt: 'Power chords, palm muting and tight riffs: the engine room of rock guitar.',
    description:
      '<p>Plug in and learn what makes a rhythm part sound huge. We cover power chords on two strings, palm muting, string skipping and the right-hand discipline that keeps a riff locked to the drums.</p>',
  },
  {
    slug: 'intermediate-guitar-course',
    title: 'Intermediate Guitar Course',
    image: 'intermediate-guitar-course',
    position: 'center',
    excerpt: 'Barre chords, fingerpicking, and the music theory that makes it all make sense.',
    description:
      '<p>Once the open chords feel easy it is time to unlock the whole neck. Barre chords, triads, fingerstyle patterns and simple theory turn you from someone who copies into someone who understands.</p>',
  },
  {
    slug: 'lead-guitar-1',
    title: 'Lead Guitar 1',
    image: 'lead-guitar-1',
    position: 'bottom',
    excerpt: 'The minor pentatonic scale, your first licks and how to bend a note in tune.',
    description:
      '<p>Lead guitar starts with one scale shape and a handful of licks. We build your vocabulary slowly and teach you to bend, slide and vibrato with control.</p>',
  },
  {
    slug: 'lead-guitar-2',
    title: 'Lead Guitar 2',
    image: 'lead-guitar-2',
    position: 'center',
    excerpt: 'Connect the five pentatonic shapes and learn to phrase like a singer.',
    description:
      '<p>Join the pentatonic shapes into one map of the neck, then learn call and response, target notes and dynamics so your solos say something.</p>',
  },
  {
    slug: 'lead-guitar-3',
    title: 'Lead Guitar 3',
    image: 'lead-guitar-3',
    position: 'top',
    excerpt: 'Major scale modes, arpeggios and soloing over chord changes.',
    description:
      '<p>The final lead course moves beyond the blues box: modes, arpeggios and outlining chord changes so your lines follow the harmony.</p>',
  },
  {
    slug: 'ukulele-course',
    title: 'Ukulele Course',
    image: 'ukulele-course',
    position: 'center',
    excerpt: 'Four strings, four chords, dozens of songs. The friendliest way to start making music.',
    description:
      '<p>The ukulele is small, light and forgiving. In this course you will tune up, learn the four chords behind hundreds of songs and strum along in your first lesson.</p>',
  },
  {
    slug: 'jamies-technique-tuneups',
    title: "Jamie's Technique Tune-ups",
    image: 'technique-tuneups',
    position: 'center',
    archetype: 'technique',
    excerpt: 'Short daily workouts that fix one technique problem at a time. Newest first.',
    description:
      '<p>Each tune-up is a ten-minute workout on one thing that holds players back: a stiff strumming wrist, buzzing barre chords, sloppy alternate picking. Do one a day.</p>',
  },
];

type Category = 'Lesson' | 'Song' | 'Live Replay';

interface VideoSeed {
  slug: string;
  title: string;
  category: Category;
  difficulty: 'Beginner' | 'Intermediate' | 'Advanced';
  instrument: 'Acoustic Guitar' | 'Electric Guitar' | 'Ukulele';
  skill: string;
  genre: string;
  decade: string;
  grade: string;
  premium: boolean;
  poster: string;
  artist?: string;
  type?: string;
  youtube?: string;
  course?: { slug: string; kind: 'video' | 'song' };
  tags: string[];
  teaching: string;
  excerpt?: string;
  chords?: string[];
}

const lesson = (
  course: string,
  slug: string,
  title: string,
  o: Partial<VideoSeed> & Pick<VideoSeed, 'teaching' | 'difficulty'>,
): VideoSeed => ({
  slug,
  title,
  category: 'Lesson',
  instrument: 'Acoustic Guitar',
  skill: 'Chords',
  genre: 'Pop',
  decade: '2020s',
  grade: 'Grade 1',
  premium: true,
  poster: 'lesson-beginner',
  course: { slug: course, kind: 'video' },
  tags: [],
  ...o,
});

const BEGINNER: VideoSeed[] = [
  lesson('beginner-guitar-course', 'holding-the-guitar', 'Holding the Guitar and Pick', {
    difficulty: 'Beginner',
    premium: false,
    skill: 'Technique',
    tags: ['first-lessons'],
    teaching:
      '<p>Sit with the guitar resting on your right leg, the body tilted slightly back so you can see the top of the neck without leaning over. Your left thumb sits behind the neck, roughly opposite your middle finger.</p><p>Hold the pick between the pad of your thumb and the side of your first finger, with only a few millimetres showing. Too much pick makes strumming clumsy; too little and you will miss strings.</p>',
  }),
  lesson('beginner-guitar-course', 'tuning-up', 'Tuning Up by Ear and with a Tuner', {
    difficulty: 'Beginner',
    premium: false,
    skill: 'Tuning',
    tags: ['first-lessons'],
    teaching:
      '<p>The open strings from thickest to thinnest are E A D G B E. Clip-on tuners read the vibration of the headstock, so they work even in a noisy room.</p><p>Always tune <em>up</em> to a note: if you are sharp, drop below the note and come back up. The string then holds its tension against the gear and stays in tune longer.</p>',
  }),
  lesson('beginner-guitar-course', 'first-chords-em-and-g', 'Your First Chords: E minor and G', {
    difficulty: 'Beginner',
    premium: false,
    tags: ['first-lessons', 'open-chords'],
    chords: ['Em', 'G'],
    teaching:
      '<p>E minor uses just two fingers: second and third fingers on the second fret of the A and D strings. Strum all six strings.</p><p>For G, place your second finger on the third fret of the low E, first finger on the second fret of the A and third finger on the third fret of the high E. Practise moving between the two for one minute, counting how many clean changes you make.</p>',
  }),
  lesson('beginner-guitar-course', 'c-and-d-chords', 'Adding C and D', {
    difficulty: 'Beginner',
    tags: ['open-chords'],
    chords: ['C', 'D'],
    teaching:
      '<p>C major is the first chord that stretches the hand across three frets. Keep your fingertips arched so the open G and high E ring clearly.</p><p>D major is a small triangle on the top three strings; only strum from the open D string down.</p>',
  }),
  lesson('beginner-guitar-course', 'strumming-down-up', 'Strumming: Down and Up', {
    difficulty: 'Beginner',
    skill: 'Rhythm',
    tags: ['strumming'],
    teaching:
      '<p>Keep your strumming hand moving down and up in time, like a pendulum, even when it does not hit the strings. Down strums land on the numbers (1, 2, 3, 4) and up strums on the "ands".</p><p>The classic pattern D D U U D U comes from skipping the down strum on beat 3.</p>',
  }),
  lesson('beginner-guitar-course', 'a-minor-and-e', 'A minor and E major', {
    difficulty: 'Beginner',
    tags: ['open-chords'],
    chords: ['Am', 'E'],
    teaching: '<p>A minor and E major are the same shape moved across one string. Learn one and you get the other for free.</p>',
  }),
  lesson('beginner-guitar-course', 'changing-chords-smoothly', 'Changing Chords Smoothly', {
    difficulty: 'Beginner',
    skill: 'Rhythm',
    tags: ['open-chords', 'strumming'],
    teaching:
      '<p>Look for anchor fingers that stay put between chords and guide fingers that slide along a string. Move all fingers together as a shape rather than one at a time.</p><p>Let the last up strum of the bar ring open while your hand travels: nobody hears it, and the next chord arrives on time.</p>',
  }),
  lesson('beginner-guitar-course', 'your-first-song-lesson', 'Putting It Together: Your First Song', {
    difficulty: 'Beginner',
    tags: ['first-lessons'],
    chords: ['G', 'C', 'D', 'Em'],
    teaching:
      '<p>Four chords, one strumming pattern and a slow count-in. Play each chord for a whole bar, then try two beats each once that feels steady.</p>',
  }),
];

const RHYTHM: VideoSeed[] = [
  ['power-chords-101', 'Power Chords 101', false],
  ['palm-muting', 'Palm Muting for Chug and Drive', true],
  ['eighth-note-riffs', 'Eighth-note Riffs', true],
  ['string-skipping-rhythm', 'String Skipping Rhythms', true],
  ['accents-and-dynamics', 'Accents and Dynamics', true],
].map(([slug, title, premium], i) =>
  lesson('electric-rock-rhythm', slug as string, title as string, {
    difficulty: i < 2 ? 'Beginner' : 'Intermediate',
    premium: premium as boolean,
    instrument: 'Electric Guitar',
    skill: 'Rhythm',
    genre: 'Rock',
    decade: '1970s',
    grade: `Grade ${i + 1}`,
    poster: 'lesson-rhythm',
    tags: ['rock-rhythm'],
    chords: i === 0 ? ['E5', 'A5', 'D5'] : undefined,
    teaching: `<p>${title as string} is about control in the picking hand. Set a metronome to 70 bpm and play the exercise for two minutes without stopping, even if you make mistakes.</p><p>Listen for consistency: every down stroke the same volume, every muted note the same length. When it feels easy, move the metronome up by 5 bpm.</p>`,
  }),
);

const INTERMEDIATE: VideoSeed[] = [
  ['f-barre-chord', 'The F Barre Chord Without Tears', false],
  ['e-shape-barre-chords', 'E-shape Barre Chords Up the Neck', true],
  ['a-shape-barre-chords', 'A-shape Barre Chords', true],
  ['travis-picking', 'Travis Picking', true],
  ['triads-on-top-strings', 'Triads on the Top Three Strings', true],
  ['the-number-system', 'The Number System: Keys and Chords', true],
].map(([slug, title, premium], i) =>
  lesson('intermediate-guitar-course', slug as string, title as string, {
    difficulty: 'Intermediate',
    premium: premium as boolean,
    skill: i === 3 ? 'Fingerstyle' : i === 5 ? 'Theory' : 'Chords',
    genre: i === 3 ? 'Folk' : 'Pop',
    decade: '2010s',
    grade: `Grade ${i + 2}`,
    poster: 'lesson-intermediate',
    tags: i < 3 ? ['barre-chords'] : ['theory'],
    chords: i === 0 ? ['F'] : undefined,
    teaching: `<p>${title as string}: roll your first finger slightly onto its bony edge so the barre presses evenly, and keep your elbow close to your body. Pull back with the arm rather than squeezing with the thumb.</p><ul><li>Play each string of the chord one at a time to find the buzz.</li><li>Fix one string, then strum again.</li></ul>`,
  }),
);

const leadCourse = (course: string, poster: string, grade: number, items: [string, string, boolean][]) =>
  items.map(([slug, title, premium], i) =>
    lesson(course, slug, title, {
      difficulty: grade === 1 ? 'Intermediate' : 'Advanced',
      premium,
      instrument: 'Electric Guitar',
      skill: 'Lead',
      genre: grade === 3 ? 'Jazz' : 'Blues',
      decade: grade === 3 ? '1960s' : '1950s',
      grade: `Grade ${grade + 3 + (i % 2)}`,
      poster,
      tags: ['lead-guitar', grade === 1 ? 'pentatonic' : 'improvisation'],
      teaching: `<p>${title}. Play the idea slowly over the backing track until you can hear it in your head before you play it. Lead guitar is singing with your fingers: leave space between phrases.</p><p>Record yourself for one minute, listen back, and pick one thing to improve tomorrow.</p>`,
    }),
  );

const LEAD1 = leadCourse('lead-guitar-1', 'lesson-lead', 1, [
  ['minor-pentatonic-shape-1', 'Minor Pentatonic Shape 1', false],
  ['first-blues-licks', 'Your First Three Blues Licks', true],
  ['bending-in-tune', 'Bending in Tune', true],
  ['vibrato-basics', 'Vibrato Basics', true],
]);
const LEAD2 = leadCourse('lead-guitar-2', 'lesson-lead', 2, [
  ['connecting-pentatonic-shapes', 'Connecting the Pentatonic Shapes', true],
  ['call-and-response', 'Call and Response Phrasing', true],
  ['target-notes', 'Target Notes', true],
]);
const LEAD3 = leadCourse('lead-guitar-3', 'lesson-lead', 3, [
  ['dorian-mode', 'The Dorian Mode', true],
  ['arpeggios-over-changes', 'Arpeggios over Changes', true],
  ['outlining-ii-v-i', 'Outlining a ii-V-I', true],
]);

const UKULELE: VideoSeed[] = [
  ['ukulele-tuning-and-holding', 'Tuning and Holding the Ukulele', false],
  ['ukulele-four-chords', 'Four Chords, a Hundred Songs', false],
  ['ukulele-island-strum', 'The Island Strum', true],
  ['ukulele-fingerpicking', 'Ukulele Fingerpicking', true],
].map(([slug, title, premium]) =>
  lesson('ukulele-course', slug as string, title as string, {
    difficulty: 'Beginner',
    premium: premium as boolean,
    instrument: 'Ukulele',
    skill: 'Strumming',
    genre: 'Pop',
    decade: '2020s',
    grade: 'Grade 1',
    poster: 'lesson-ukulele',
    tags: ['ukulele'],
    chords: ['C', 'Am', 'F', 'G'],
    teaching: `<p>${title as string}. The ukulele is tuned G C E A with the G string higher than you expect: that re-entrant tuning gives it the bright, bouncy sound.</p><p>Strum with the soft pad of your first finger near where the neck meets the body.</p>`,
  }),
);

const TECHNIQUE: VideoSeed[] = [
  ['tuneup-relaxed-strumming-wrist', 'Tune-up: A Relaxed Strumming Wrist', false],
  ['tuneup-clean-barre-chords', 'Tune-up: Clean Barre Chords', true],
  ['tuneup-alternate-picking', 'Tune-up: Alternate Picking Accuracy', true],
  ['tuneup-finger-independence', 'Tune-up: Finger Independence', true],
  ['tuneup-muting-unwanted-strings', 'Tune-up: Muting Unwanted Strings', true],
].map(([slug, title, premium], i) =>
  lesson('jamies-technique-tuneups', slug as string, title as string, {
    difficulty: i < 2 ? 'Beginner' : 'Intermediate',
    premium: premium as boolean,
    skill: 'Technique',
    genre: 'Rock',
    decade: '2020s',
    grade: `Grade ${i + 1}`,
    poster: 'lesson-technique',
    tags: ['technique'],
    teaching: `<p>${(title as string).replace('Tune-up: ', '')} in ten minutes. Warm up for two minutes, do the focused exercise for six, then play something you love for two so the new habit carries into real music.</p>`,
  }),
);

// Invented artists and invented song titles only.
const SONGS: [string, string, string, string, string, VideoSeed['difficulty'], boolean, string?][] = [
  ['the-lantern-road', 'The Lantern Road', 'Maple & Ash', 'Folk', '2010s', 'Beginner', false, 'beginner-guitar-course'],
  ['harbour-lights', 'Harbour Lights', 'Maple & Ash', 'Folk', '2010s', 'Beginner', true, 'beginner-guitar-course'],
  ['paper-satellites', 'Paper Satellites', 'The Quiet Engines', 'Pop', '2000s', 'Beginner', true],
  [
    'midnight-diner-blues',
    'Midnight Diner Blues',
    'Clarence "Slim" Harlow',
    'Blues',
    '1950s',
    'Intermediate',
    false,
    'lead-guitar-1',
  ],
  ['rust-and-chrome', 'Rust and Chrome', 'Voltage Parade', 'Rock', '1970s', 'Intermediate', true, 'electric-rock-rhythm'],
  [
    'thunder-in-the-valley',
    'Thunder in the Valley',
    'Voltage Parade',
    'Rock',
    '1970s',
    'Intermediate',
    true,
    'electric-rock-rhythm',
  ],
  ['neon-coastline', 'Neon Coastline', 'Sundial Youth', 'Pop', '1980s', 'Beginner', false],
  [
    'cobblestone-waltz',
    'Cobblestone Waltz',
    'Ada Merriweather',
    'Folk',
    '1960s',
    'Intermediate',
    true,
    'intermediate-guitar-course',
  ],
  ['blue-hour-swing', 'Blue Hour Swing', 'The Velvet Quartet', 'Jazz', '1940s', 'Advanced', true, 'lead-guitar-3'],
  ['gravel-and-grace', 'Gravel and Grace', 'Clarence "Slim" Harlow', 'Blues', '1950s', 'Intermediate', true, 'lead-guitar-2'],
  ['static-hearts', 'Static Hearts', 'Sundial Youth', 'Rock', '1990s', 'Intermediate', true],
  ['sunday-porch', 'Sunday Porch', 'Ada Merriweather', 'Country', '1960s', 'Beginner', false],
  ['open-road-anthem', 'Open Road Anthem', 'The Quiet Engines', 'Rock', '2000s', 'Beginner', true],
  ['little-tin-ukulele', 'Little Tin Ukulele', 'Pip & the Pineapples', 'Pop', '2020s', 'Beginner', false, 'ukulele-course'],
  ['seaside-sway', 'Seaside Sway', 'Pip & the Pineapples', 'Pop', '2020s', 'Beginner', true, 'ukulele-course'],
  ['copper-kettle-reel', 'Copper Kettle Reel', 'Traditional (arr. Fretline)', 'Folk', '1900s', 'Intermediate', false],
  ['last-train-boogie', 'Last Train Boogie', 'Clarence "Slim" Harlow', 'Blues', '1950s', 'Advanced', true, 'lead-guitar-2'],
  ['glass-mountain', 'Glass Mountain', 'Voltage Parade', 'Metal', '1980s', 'Advanced', true],
  ['slow-burn-ballad', 'Slow Burn Ballad', 'The Velvet Quartet', 'Soul', '1970s', 'Intermediate', true],
  ['bright-morning-chorus', 'Bright Morning Chorus', 'Maple & Ash', 'Folk', '2010s', 'Beginner', true],
];

const SONG_SEEDS: VideoSeed[] = SONGS.map(([slug, title, artist, genre, decade, difficulty, premium, course], i) => ({
  slug,
  title,
  category: 'Song',
  difficulty,
  instrument:
    course === 'ukulele-course' ? 'Ukulele' : genre === 'Rock' || genre === 'Metal' ? 'Electric Guitar' : 'Acoustic Guitar',
  skill: genre === 'Blues' || genre === 'Jazz' ? 'Lead' : 'Rhythm',
  genre,
  decade,
  grade: `Grade ${1 + (i % 6)}`,
  premium,
  poster: `song-${genre === 'Blues' ? 'blues' : genre === 'Jazz' || genre === 'Soul' ? 'jazz' : genre === 'Folk' || genre === 'Country' ? 'folk' : 'rock'}`,
  artist,
  type: i % 3 === 0 ? 'Full Song' : i % 3 === 1 ? 'Riff' : 'Chords and Strumming',
  course: course ? { slug: course, kind: 'song' } : undefined,
  tags: ['songs', genre.toLowerCase()],
  chords: i % 2 === 0 ? ['G', 'C', 'D', 'Em'] : ['Am', 'F', 'C', 'G'],
  teaching: `<p>"${title}" is an original piece written for Fretline in the style of ${genre.toLowerCase()} from the ${decade}. The verse sits on a four-chord loop; the chorus lifts by moving the same shapes up to the relative major.</p><p>Learn the intro riff first, then the verse strumming, then put them together with the recording at 75% speed before playing along at full speed.</p>`,
}));

const REPLAYS: VideoSeed[] = [
  ['live-replay-strumming-clinic', 'Live Replay: Strumming Clinic', false],
  ['live-replay-blues-jam', 'Live Replay: Sunday Blues Jam', true],
  ['live-replay-your-questions', 'Live Replay: Your Questions Answered', true],
  ['live-replay-gear-night', 'Live Replay: Gear Night on a Budget', false],
].map(([slug, title, premium], i) => ({
  slug: slug as string,
  title: title as string,
  category: 'Live Replay' as const,
  difficulty: i === 1 ? ('Intermediate' as const) : ('Beginner' as const),
  instrument: 'Acoustic Guitar' as const,
  skill: i === 1 ? 'Lead' : 'Rhythm',
  genre: i === 1 ? 'Blues' : 'Pop',
  decade: '2020s',
  grade: 'Grade 2',
  premium: premium as boolean,
  poster: 'replay',
  tags: ['live'],
  teaching: `<p>A recording of a live lesson. Viewers' questions are answered throughout; use the chapters below to jump to the part you need.</p>`,
}));

// A few lessons hosted on YouTube (the youtube player, shown once video consent is given).
const YOUTUBE: VideoSeed[] = [
  ['why-practise-slowly', 'Why Practising Slowly Works', 'M7lc1UVf-VE'],
  ['five-minute-warm-up', 'A Five-minute Warm-up', 'aqz-KE-bpKQ'],
  ['choosing-your-first-guitar', 'Choosing Your First Guitar', 'ScMzIvxBSi4'],
].map(([slug, title, youtube]) => ({
  slug: slug as string,
  title: title as string,
  category: 'Lesson' as const,
  difficulty: 'Beginner' as const,
  instrument: 'Acoustic Guitar' as const,
  skill: 'Practice',
  genre: 'Pop',
  decade: '2020s',
  grade: 'Grade 1',
  premium: false,
  poster: 'lesson-beginner',
  youtube: youtube as string,
  tags: ['practice-tips'],
  teaching: `<p>${title as string}: a short free lesson with practice advice you can use today.</p>`,
  excerpt: 'A short free lesson with practice advice you can use today.',
}));

const DEMO_VIDEOS: VideoSeed[] = [
  ...BEGINNER,
  ...RHYTHM,
  ...INTERMEDIATE,
  ...LEAD1,
  ...LEAD2,
  ...LEAD3,
  ...UKULELE,
  ...TECHNIQUE,
  ...SONG_SEEDS,
  ...REPLAYS,
  ...YOUTUBE,
];

/**
 * English captions for a few lessons and a replay (ADR 0085), timed to the 16-second demo clip,
 * written in the stored normal form (the API's serializeVtt) with the transcript it derives: the
 * player shows them, the transcript panel follows them and site search finds the lessons by them.
 */
const DEMO_CAPTIONS: Record<string, [number, number, string][]> = {
  'changing-chords-smoothly': [
    [0.5, 3.5, 'Before we change chords, find the anchor finger.'],
    [4, 7.5, 'It stays on its string while the others move together.'],
    [8, 11.5, 'Let the last up strum ring open while your hand travels.'],
    [12, 15.5, 'Nobody hears it, and the next chord lands on time.'],
  ],
  'your-first-song-lesson': [
    [0.5, 4, 'Four chords, one strumming pattern, and a slow count-in.'],
    [4.5, 8, 'Play G for a whole bar, then C, then D, then E minor.'],
    [8.5, 12, 'Keep your strumming hand moving like a pendulum.'],
    [12.5, 15.5, 'When that feels steady, try two beats on each chord.'],
  ],
  'power-chords-101': [
    [0.5, 4, 'A power chord is just the root and the fifth.'],
    [4.5, 8, 'Mute the strings you are not playing with the side of your hand.'],
    [8.5, 12, 'Slide the same shape up two frets for the next chord.'],
    [12.5, 15.5, 'Dig in with down strokes and keep it tight.'],
  ],
  'live-replay-strumming-clinic': [
    [0.5, 5, 'Welcome to the strumming clinic, thanks for joining live.'],
    [5.5, 10, 'First question from the chat: why does my strumming sound choppy?'],
    [10.5, 15.5, 'Relax your wrist and let the pick brush the strings.'],
  ],
};

const vttTime = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `00:${pad(Math.floor(ms / 60_000))}:${pad(Math.floor((ms % 60_000) / 1000))}.${pad(ms % 1000, 3)}`;
};

/** The demo clip's chapters and tempo, for lessons that teach chords (product.md#practice). */
const DEMO_CHAPTERS = [
  { time: 0, title: 'Intro' },
  { time: 5, title: 'The chord change' },
  { time: 11, title: 'Play-along' },
];
const DEMO_TEMPO = 80;

/**
 * Chord timelines (product.md#chords, ADR 0077) on the 16-second demo clip: at the demo tempo of
 * 80 bpm a bar of four beats is 3 s, and each chord holds one bar.
 */
const barTimeline = (chords: string[]) =>
  Array.from({ length: Math.ceil(CLIP_SECONDS / 3) }, (_, bar) => ({
    chord: chords[bar % chords.length] as string,
    at: bar * 3,
  }));
const DEMO_CHORD_TIMELINES: Record<string, { chord: string; at: number }[]> = {
  'first-chords-em-and-g': barTimeline(['Em', 'G']),
  'ukulele-four-chords': barTimeline(['C', 'Am', 'F', 'G']),
  'your-first-song-lesson': barTimeline(['G', 'C', 'D', 'Em']),
};

/**
 * Demo scores (product.md#chords, ADR 0088): alphaTex tab and notation written for the demo clip,
 * one bar per chord at 80 bpm, each bar synced to where it starts (3 s apart). The chord shapes are
 * the demo's (DEMO_SHAPES), written as alphaTex notes `fret.string` with string 1 the high E.
 */
const TEX_SHAPES: Record<string, string> = {
  Em: '(0.6 2.5 2.4 0.3 0.2 0.1)',
  G: '(3.6 2.5 0.4 0.3 0.2 3.1)',
  C: '(3.5 2.4 0.3 1.2 0.1)',
  D: '(0.4 2.3 3.2 2.1)',
};
/** Four strums a bar, or the song's down, down-up, down, down. */
const texBar = (chord: string, rhythm: 'quarters' | 'song') => {
  const shape = TEX_SHAPES[chord] as string;
  const strums = rhythm === 'quarters' ? ['.4', '.4', '.4', '.4'] : ['.4', '.8', '.8', '.4', '.4'];
  return strums.map((d, i) => `${shape}${d}${i === 0 ? `{ch "${chord}"}` : ''}`).join(' ');
};
const texScore = (title: string, chords: string[], rhythm: 'quarters' | 'song') =>
  `\\title "${title}"\n\\tempo ${DEMO_TEMPO}\n.\n\\track "Guitar"\n\\staff {score tabs}\n` +
  chords.map((chord) => texBar(chord, rhythm)).join(' |\n') +
  ' |\n';
const DEMO_SCORES: Record<string, { title: string; tex: string; bars: number }> = {
  'first-chords-em-and-g': {
    title: 'First chords: Em and G',
    tex: texScore('First chords: Em and G', ['Em', 'G', 'Em', 'G', 'Em', 'G'], 'quarters'),
    bars: 6,
  },
  'your-first-song-lesson': {
    title: 'Your first song',
    tex: texScore('Your first song', ['G', 'C', 'D', 'Em', 'G', 'C'], 'song'),
    bars: 6,
  },
};

/**
 * The demo chords' shapes and chord library keys (the library is the contract's CHORD_LIBRARY;
 * the db package does not import the contract, so the few the demo uses are copied here).
 */
const DEMO_SHAPES: Record<string, { chordFrets: string; chordFingers: string; chordKey: string }> = {
  C: { chordFrets: 'x 3 2 0 1 0', chordFingers: '0 3 2 0 1 0', chordKey: 'c' },
  D: { chordFrets: 'x x 0 2 3 2', chordFingers: '0 0 0 1 3 2', chordKey: 'd' },
  E: { chordFrets: '0 2 2 1 0 0', chordFingers: '0 2 3 1 0 0', chordKey: 'e' },
  G: { chordFrets: '3 2 0 0 0 3', chordFingers: '2 1 0 0 0 3', chordKey: 'g' },
  Am: { chordFrets: 'x 0 2 2 1 0', chordFingers: '0 0 2 3 1 0', chordKey: 'am' },
  Em: { chordFrets: '0 2 2 0 0 0', chordFingers: '0 2 3 0 0 0', chordKey: 'em' },
  E5: { chordFrets: '0 2 2 x x x', chordFingers: '0 1 2 0 0 0', chordKey: 'e5' },
  A5: { chordFrets: 'x 0 2 2 x x', chordFingers: '0 0 1 2 0 0', chordKey: 'a5' },
  D5: { chordFrets: 'x 5 7 7 x x', chordFingers: '0 1 3 4 0 0', chordKey: 'd5' },
  F: { chordFrets: '1 3 3 2 1 1', chordFingers: '1 3 4 2 1 1', chordKey: 'f-barre' },
};
/** A ukulele's four strings, G C E A (the contract's UKULELE_TUNING); not from the guitar library. */
const UKULELE_SHAPES: Record<string, { chordFrets: string; chordFingers: string }> = {
  C: { chordFrets: '0 0 0 3', chordFingers: '0 0 0 3' },
  Am: { chordFrets: '2 0 0 0', chordFingers: '2 0 0 0' },
  F: { chordFrets: '2 0 1 0', chordFingers: '2 0 1 0' },
  G: { chordFrets: '0 2 3 2', chordFingers: '0 1 3 2' },
  D: { chordFrets: '2 2 2 0', chordFingers: '1 2 3 0' },
  Em: { chordFrets: '0 4 3 2', chordFingers: '0 3 2 1' },
};
const libraryShape = (name: string, instrument: VideoSeed['instrument']) =>
  (instrument === 'Ukulele' ? UKULELE_SHAPES[name] : DEMO_SHAPES[name]) ?? {};

const CHORD_FILES: Record<string, string> = {
  C: 'demo/chords/c-major.svg',
  G: 'demo/chords/g-major.svg',
  D: 'demo/chords/d-major.svg',
  Am: 'demo/chords/a-minor.svg',
  Em: 'demo/chords/e-minor.svg',
  E: 'demo/chords/e-major.svg',
  A: 'demo/chords/a-major.svg',
  F: 'demo/chords/f-major.svg',
};

const TAG_NAMES: Record<string, string> = {
  'first-lessons': 'First Lessons',
  'open-chords': 'Open Chords',
  strumming: 'Strumming',
  'rock-rhythm': 'Rock Rhythm',
  'barre-chords': 'Barre Chords',
  theory: 'Theory',
  'lead-guitar': 'Lead Guitar',
  pentatonic: 'Pentatonic',
  improvisation: 'Improvisation',
  ukulele: 'Ukulele',
  technique: 'Technique',
  songs: 'Songs',
  live: 'Live',
  'practice-tips': 'Practice Tips',
};

/** The beginner course is split into parts (ADR 0049): each heading opens at the video named here. */
const COURSE_PARTS: Record<string, string> = {
  'holding-the-guitar': 'Getting started',
  'first-chords-em-and-g': 'Your first chords',
  'strumming-down-up': 'Strumming and changing chords',
  'your-first-song-lesson': 'Your first song',
};

const tagName = (slug: string) =>
  TAG_NAMES[slug] ?? slug.replace(/(^|-)(\w)/g, (_m, sep: string, c: string) => (sep ? ' ' : '') + c.toUpperCase());

export async function seedCatalogue(db: Database, now: Date = new Date()): Promise<void> {
  const courseIds = new Map<string, number>();
  for (const [i, c] of COURSES.entries()) {
    const [row] = await db
      .insert(courses)
      .values({
        courseSlug: c.slug,
        courseArchetype: c.archetype ?? 'course',
        courseTitle: c.title,
        courseDescription: c.description,
        courseExcerpt: c.excerpt,
        courseOrder: (i + 1) * 10,
        courseImage: `demo/courses/${c.image}.svg`,
        courseImageText: c.title,
        courseJumboImage: `demo/courses/${c.image}-jumbo.svg`,
        courseJumboImagePosition: c.position,
        courseTrailerUrl: `/courses/${c.slug}#trailer`,
        streamFolder: 'demo/hls/demo-clip',
        streamManifest: CLIP,
        streamPoster: `demo/courses/${c.image}-jumbo.svg`,
        streamDuration: CLIP_SECONDS,
        streamWidth: 480,
        streamHeight: 270,
        streamBitrate: 150_000,
      })
      .returning({ idCourse: courses.idCourse });
    if (!row) throw new Error(`could not seed course ${c.slug}`);
    courseIds.set(c.slug, row.idCourse);
  }

  const testimonials = [
    ['Hannah', 'I had tried to learn three times before. The short lessons finally made it stick.', 'demo/people/hannah.svg'],
    ['Omar', 'The resume button is dangerous: one more lesson, every night.', 'demo/people/omar.svg'],
    ['Priya', 'Playing a whole song in week two kept me going.', 'demo/people/priya.svg'],
  ] as const;
  for (const slug of ['beginner-guitar-course', 'electric-rock-rhythm', 'ukulele-course', 'lead-guitar-1']) {
    const idCourse = courseIds.get(slug) as number;
    await db.insert(courseTestimonials).values(
      testimonials.map(([name, content, image], order) => ({
        idCourse,
        testimonialOrder: order,
        testimonialName: name,
        testimonialContent: content,
        testimonialImage: image,
      })),
    );
  }

  const videoIds = new Map<string, number>();
  const courseOrder = new Map<string, number>();
  for (const [i, v] of DEMO_VIDEOS.entries()) {
    // Spread creation dates over the past year so "newest" ordering and decades look real.
    const createdAt = new Date(now.getTime() - (DEMO_VIDEOS.length - i) * 4 * 86_400_000);
    const recommended = v.course ? undefined : v.genre === 'Blues' ? 'lead-guitar-1' : 'beginner-guitar-course';
    const [row] = await db
      .insert(videos)
      .values({
        videoSlug: v.slug,
        videoTitle: v.title,
        videoPlayer: v.youtube ? 'youtube' : 'stream',
        videoPremium: v.premium,
        videoImage: `demo/posters/${v.poster}.svg`,
        videoOrder: i + 1,
        videoExcerpt: v.excerpt ?? null,
        videoCategory: v.category,
        videoDifficulty: v.difficulty,
        videoInstrument: v.instrument,
        videoArtist: v.artist ?? null,
        videoSkill: v.skill,
        videoGenre: v.genre,
        videoDecade: v.decade,
        videoType: v.type ?? null,
        videoGrade: v.grade,
        youtubeVideoId: v.youtube ?? null,
        streamFolder: v.youtube ? null : 'demo/hls/demo-clip',
        streamManifest: v.youtube ? null : CLIP,
        streamPoster: `demo/posters/${v.poster}.svg`,
        streamDuration: v.youtube ? null : CLIP_SECONDS,
        streamWidth: 480,
        streamHeight: 270,
        streamBitrate: 150_000,
        // A lesson with chords has a tempo for the practice metronome (product.md#practice).
        videoTempo: v.chords?.length ? DEMO_TEMPO : null,
        idRecommendedCourse: recommended ? (courseIds.get(recommended) ?? null) : null,
        videoCreated: createdAt,
        videoUpdated: createdAt,
        videoFirstPublished: createdAt,
      })
      .returning({ idVideo: videos.idVideo });
    if (!row) throw new Error(`could not seed video ${v.slug}`);
    videoIds.set(v.slug, row.idVideo);

    const tags = [...new Set([...v.tags, v.skill.toLowerCase().replace(/\s+/g, '-')])];
    await db.insert(videoTags).values(tags.map((slug) => ({ idVideo: row.idVideo, tagSlug: slug, tagName: tagName(slug) })));

    const sections: (typeof videoSections.$inferInsert)[] = [
      {
        idVideo: row.idVideo,
        sectionOrder: 1,
        sectionType: 'text',
        sectionHeading: 'About this lesson',
        sectionContent: v.teaching,
      },
    ];
    if (i % 4 === 0) {
      sections.push({
        idVideo: row.idVideo,
        sectionOrder: 2,
        sectionType: 'asset',
        sectionHeading: 'Download the chord chart',
        assetName: 'First chords chart',
        assetExtension: 'pdf',
        assetPath: 'demo/resources/first-chords-chart.pdf',
      });
    }
    if (v.category === 'Song') {
      sections.push({
        idVideo: row.idVideo,
        sectionOrder: 3,
        sectionType: 'soundslice',
        sectionHeading: 'Interactive notation',
        soundsliceId: `fl${String(row.idVideo).padStart(4, '0')}`,
      });
      sections.push({
        idVideo: row.idVideo,
        sectionOrder: 4,
        sectionType: 'spotify',
        sectionHeading: 'Listen to the backing track',
        spotifyId: '4uLU6hMCjMI75M1A2tKUQC',
      });
    }
    if (i % 5 === 1) {
      sections.push({
        idVideo: row.idVideo,
        sectionOrder: 5,
        sectionType: 'youtube',
        sectionHeading: 'Bonus: slow-motion close-up',
        youtubeId: 'M7lc1UVf-VE',
        youtubePoster: `demo/posters/${v.poster}.svg`,
      });
    }
    if (i % 6 === 2) {
      sections.push({
        idVideo: row.idVideo,
        sectionOrder: 6,
        sectionType: 'stream',
        sectionHeading: 'Play-along at practice speed',
        streamManifest: CLIP,
        streamPoster: `demo/posters/${v.poster}.svg`,
      });
    }
    if (i % 3 === 0) {
      sections.push({
        idVideo: row.idVideo,
        sectionOrder: 7,
        sectionType: 'text',
        sectionHeading: 'Practice plan',
        sectionContent:
          '<ol><li>Two minutes: play the main idea slowly with a metronome.</li><li>Three minutes: loop the hardest bar.</li><li>Five minutes: play along with the video at 0.75× speed, then full speed.</li></ol>',
      });
    }
    await db.insert(videoSections).values(sections);

    if (v.chords?.length) {
      await db.insert(videoChords).values(
        v.chords.map((chord, order) => ({
          idVideo: row.idVideo,
          chordOrder: order,
          chordText: chord,
          // The pictures are guitar boxes: a ukulele's chords are drawn from their shapes only.
          chordUrl: v.instrument === 'Ukulele' ? null : (CHORD_FILES[chord] ?? null),
          // The shape as data, from the chord library (product.md#chords): drawn as SVG.
          ...libraryShape(chord, v.instrument),
        })),
      );
      if (!v.youtube) {
        await db
          .insert(videoChapters)
          .values(
            DEMO_CHAPTERS.map((chapter) => ({ idVideo: row.idVideo, chapterTime: chapter.time, chapterTitle: chapter.title })),
          );
        const timeline = DEMO_CHORD_TIMELINES[v.slug];
        if (timeline) {
          await db
            .insert(videoChordMarks)
            .values(timeline.map((mark) => ({ idVideo: row.idVideo, markTime: mark.at, chordText: mark.chord })));
        }
        const score = DEMO_SCORES[v.slug];
        if (score) {
          await db.insert(videoScores).values({
            idVideo: row.idVideo,
            scoreFileName: `${v.slug}.atex`,
            scoreFormat: 'alphatex',
            scoreBase64: Buffer.from(score.tex, 'utf8').toString('base64'),
            scoreTitle: score.title,
            scoreBarCount: score.bars,
          });
          await db
            .insert(videoScoreSyncPoints)
            .values(
              Array.from({ length: score.bars }, (_, bar) => ({ idVideo: row.idVideo, barIndex: bar, syncMs: bar * 3000 })),
            );
        }
      }
    }

    if (v.course) {
      const idCourse = courseIds.get(v.course.slug);
      if (!idCourse) throw new Error(`unknown course ${v.course.slug}`);
      const order = (courseOrder.get(v.course.slug) ?? 0) + 1;
      courseOrder.set(v.course.slug, order);
      await db.insert(courseVideos).values({
        idCourse,
        idVideo: row.idVideo,
        courseVideoOrder: order,
        courseVideoKind: v.course.kind,
        courseVideoPart: COURSE_PARTS[v.slug] ?? null,
      });
    }
  }

  for (const [slug, cues] of Object.entries(DEMO_CAPTIONS)) {
    const idVideo = videoIds.get(slug);
    if (!idVideo) throw new Error(`unknown captioned video ${slug}`);
    await db.insert(videoCaptions).values({
      idVideo,
      captionLanguage: 'en',
      captionLabel: 'English',
      captionVtt: `WEBVTT\n\n${cues.map(([start, end, text]) => `${vttTime(start)} --> ${vttTime(end)}\n${text}`).join('\n\n')}\n`,
      captionTranscript: cues.map(([, , text]) => text).join('\n'),
      captionCueCount: cues.length,
      captionUpdated: now,
    });
  }

  const hour = 3_600_000;
  const day = 24 * hour;
  const streams = [
    {
      slug: 'strumming-clinic',
      title: 'Strumming Clinic',
      starts: new Date(now.getTime() - 30 * day),
      replay: 'live-replay-strumming-clinic',
      premium: false,
    },
    {
      slug: 'sunday-blues-jam',
      title: 'Sunday Blues Jam',
      starts: new Date(now.getTime() - 21 * day),
      replay: 'live-replay-blues-jam',
      premium: true,
    },
    {
      slug: 'your-questions-answered',
      title: 'Your Questions Answered',
      starts: new Date(now.getTime() - 14 * day),
      replay: 'live-replay-your-questions',
      premium: true,
    },
    {
      slug: 'gear-night',
      title: 'Gear Night on a Budget',
      starts: new Date(now.getTime() - 7 * day),
      replay: 'live-replay-gear-night',
      premium: false,
    },
    // Live now relative to seed time: a whole day so the demo stays "live" for a while.
    {
      slug: 'practice-along-live',
      title: 'Practice Along Live',
      starts: new Date(now.getTime() - hour),
      premium: false,
      hours: 24,
    },
    {
      slug: 'barre-chord-bootcamp-live',
      title: 'Barre Chord Bootcamp',
      starts: new Date(now.getTime() + 3 * day),
      premium: true,
    },
    { slug: 'songwriting-night', title: 'Songwriting Night', starts: new Date(now.getTime() + 10 * day), premium: false },
  ];
  for (const s of streams) {
    await db.insert(liveStreams).values({
      streamSlug: s.slug,
      streamTitle: s.title,
      streamDescription: `<p>${s.title} is a live lesson: bring your guitar and tune up before we start. It is recorded and appears as a Live Replay afterwards.</p>`,
      streamStarts: s.starts,
      streamEnds: new Date(s.starts.getTime() + (s.hours ?? 1.5) * hour),
      streamManifest: CLIP,
      streamPoster: 'demo/posters/live.svg',
      streamPremium: s.premium,
      idVideoReplay: s.replay ? (videoIds.get(s.replay) ?? null) : null,
    });
  }

  await db.insert(freeResources).values([
    {
      resourceSlug: 'first-chords-chart',
      resourceTitle: 'Your First Eight Chords',
      resourceDescription: 'A printable chart of the eight open chords every beginner needs, with a practice tip.',
      resourcePath: 'demo/resources/first-chords-chart.pdf',
      resourceExtension: 'pdf',
      resourceImage: 'demo/chords/c-major.svg',
      resourceOrder: 1,
    },
    {
      resourceSlug: 'practice-planner',
      resourceTitle: 'Weekly Practice Planner',
      resourceDescription: 'Thirty minutes a day, planned for you: warm-up, skill and a song.',
      resourcePath: 'demo/resources/practice-planner.pdf',
      resourceExtension: 'pdf',
      resourceImage: 'demo/posters/lesson-technique.svg',
      resourceOrder: 2,
    },
    {
      resourceSlug: 'pentatonic-shapes',
      resourceTitle: 'The Five Minor Pentatonic Shapes',
      resourceDescription: 'Every shape of the scale that lead guitar is built on, in order up the neck.',
      resourcePath: 'demo/resources/pentatonic-shapes.pdf',
      resourceExtension: 'pdf',
      resourceImage: 'demo/posters/lesson-lead.svg',
      resourceOrder: 3,
    },
    {
      resourceSlug: 'strumming-patterns',
      resourceTitle: 'Strumming Patterns Poster',
      resourceDescription: 'The six patterns behind most pop songs, to pin above your music stand.',
      resourcePath: 'demo/resources/strumming-patterns.svg',
      resourceExtension: 'svg',
      resourceImage: 'demo/resources/strumming-patterns.svg',
      resourceOrder: 4,
    },
    {
      resourceSlug: 'fretboard-map',
      resourceTitle: 'Fretboard Map',
      resourceDescription: 'Every natural note from the nut to the twelfth fret.',
      resourcePath: 'demo/resources/fretboard-map.svg',
      resourceExtension: 'svg',
      resourceImage: 'demo/resources/fretboard-map.svg',
      resourceOrder: 5,
    },
  ]);
}
