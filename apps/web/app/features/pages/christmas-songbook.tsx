import { slugify } from '@fretline/contract';
import { Link } from 'react-router';
import { LinkButton } from '../../components/ui/link-button';
import { ContentPage } from './content-page';

export const christmasSongbookSeo = {
  title: 'Free Christmas mini songbook',
  description:
    'Three traditional Christmas songs arranged for beginner guitar with easy chords, strumming patterns and tips. Free to play, print and share.',
};

interface SongSheet {
  title: string;
  key: string;
  chords: string;
  strum: string;
  /** Chord-over-lyric lines, set in a monospaced font so the chords sit above the right syllable. */
  sheet: string;
  tip: string;
}

// Traditional carols, in the public domain; the arrangements are ours.
const SONGS: SongSheet[] = [
  {
    title: 'Jingle Bells',
    key: 'G major',
    chords: 'G, C, D, Am',
    strum: 'Down, down-up, down, down-up (a bouncy 4/4)',
    sheet: `G
Jingle bells, jingle bells,
                    G
Jingle all the way,
C                  G
Oh what fun it is to ride
Am               D
In a one-horse open sleigh, hey!`,
    tip: 'Keep your ring finger planted on the third fret of the B string when moving between G and D: it is an anchor that makes the change quicker.',
  },
  {
    title: 'Silent Night',
    key: 'C major',
    chords: 'C, G, F',
    strum: 'Down, down, down in a slow 3/4, or pick the bass note then two gentle strums',
    sheet: `C
Silent night, holy night,
G              C
All is calm, all is bright,
F                    C
Round yon virgin mother and child,
F                  C
Holy infant so tender and mild,
G              C
Sleep in heavenly peace.`,
    tip: 'Count “one, two, three” out loud for the first few times. Waltz time feels odd at first and wonderful once it clicks.',
  },
  {
    title: 'We Wish You a Merry Christmas',
    key: 'D major',
    chords: 'D, G, Em, A, Bm',
    strum: 'Down, down-up, down-up in a lively 3/4',
    sheet: `D              G
We wish you a merry Christmas,
Em                 A
We wish you a merry Christmas,
D                  Bm
We wish you a merry Christmas,
G        A       D
And a happy new year!`,
    tip: 'Bm is a barre chord. If it is not in your hands yet, play G in its place: it still sounds festive, and you can swap the real chord in later.',
  },
];

export function ChristmasSongbookPage() {
  return (
    <ContentPage
      eyebrow="Free to play, print and share"
      title="Free Christmas mini songbook"
      lead={
        <p>
          Three much-loved carols, arranged so that a beginner can play them round the tree this year. All you need is a handful
          of open chords and a bit of festive spirit.
        </p>
      }
      body={
        <>
          <p>
            Each song below shows the chords above the words, a strumming pattern and one tip to make it sound its best. Print
            this page (it prints neatly) or prop your phone on the music stand. If a chord is new to you, the{' '}
            <Link to="/courses/beginner-guitar-course">beginner course</Link> teaches every one of them.
          </p>
          {SONGS.map((song) => (
            <section key={song.title} aria-labelledby={`song-${slugify(song.title)}`} className="break-inside-avoid">
              <h2 id={`song-${slugify(song.title)}`}>{song.title}</h2>
              <dl className="mt-3 grid gap-x-6 gap-y-1 text-base sm:grid-cols-[auto_1fr]">
                <dt className="font-semibold text-ink-900">Key</dt>
                <dd>{song.key}</dd>
                <dt className="font-semibold text-ink-900">Chords</dt>
                <dd>{song.chords}</dd>
                <dt className="font-semibold text-ink-900">Strum</dt>
                <dd>{song.strum}</dd>
              </dl>
              <pre className="mt-4 overflow-x-auto rounded-2xl border border-brand-100 bg-brand-50/60 p-5 font-mono text-[0.95rem] leading-relaxed text-ink-900">
                {song.sheet}
              </pre>
              <p className="text-base">
                <strong>Tip:</strong> {song.tip}
              </p>
            </section>
          ))}
          <h2>Want the full songbook?</h2>
          <p>
            Members get more seasonal arrangements, play-along videos and printable chord charts among the{' '}
            <Link to="/free-resources">free resources</Link> and throughout the membership. Merry Christmas, and happy playing!
          </p>
          <div className="pt-2">
            <LinkButton to="/membership">Explore the membership</LinkButton>
          </div>
        </>
      }
    />
  );
}
