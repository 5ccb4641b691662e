// Generates the demo images and downloads under media/demo once; the output is committed, so
// nothing is generated or downloaded at run time. Run: node media/generate-demo.mjs
// (The HLS clip under media/demo/hls was made once with ffmpeg; see media/README.md.)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo');

const palettes = {
  lesson: ['#c2410c', '#f97316'],
  song: ['#1e3a8a', '#3b82f6'],
  replay: ['#581c87', '#a855f7'],
  blues: ['#0f172a', '#2563eb'],
  rock: ['#7f1d1d', '#ef4444'],
  folk: ['#14532d', '#22c55e'],
  jazz: ['#422006', '#ca8a04'],
  ukulele: ['#134e4a', '#14b8a6'],
  technique: ['#292524', '#f97316'],
  live: ['#450a0a', '#dc2626'],
};

function escape(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A 16:9 poster: gradient, six strings, a fretboard and a label. */
function poster(name, [dark, light], label, sub) {
  const strings = Array.from({ length: 6 }, (_, i) => {
    const y = 200 + i * 28;
    return `<line x1="0" y1="${y}" x2="1280" y2="${y}" stroke="#fff" stroke-opacity="${0.25 + i * 0.05}" stroke-width="${1 + i * 0.6}"/>`;
  }).join('');
  const frets = Array.from({ length: 9 }, (_, i) => {
    const x = 120 + i * 140;
    return `<line x1="${x}" y1="190" x2="${x}" y2="350" stroke="#fff" stroke-opacity="0.18" stroke-width="6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
<rect width="1280" height="720" fill="url(#g)"/>${frets}${strings}
<circle cx="1120" cy="560" r="110" fill="#fff" fill-opacity="0.08"/>
<text x="80" y="520" font-family="Helvetica, Arial, sans-serif" font-size="76" font-weight="700" fill="#fff">${escape(label)}</text>
<text x="80" y="590" font-family="Helvetica, Arial, sans-serif" font-size="38" fill="#fff" fill-opacity="0.85">${escape(sub)}</text>
</svg>
`;
  writeFileSync(path.join(root, name), svg);
}

/** A minimal one-page PDF with a title and lines of text (Helvetica, no embedded fonts). */
function pdf(name, title, lines) {
  const text = [`BT /F1 24 Tf 56 780 Td (${title}) Tj ET`]
    .concat(lines.map((line, i) => `BT /F1 13 Tf 56 ${740 - i * 22} Td (${line.replace(/[()\\]/g, '')}) Tj ET`))
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((obj, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(path.join(root, name), body);
}

/**
 * A chord box diagram: `frets` per string low E to high e, -1 muted, 0 open. It carries no name: the
 * video page prints the chord's name under every diagram, uploaded ones included.
 */
function chordDiagram(name, frets) {
  const strings = frets
    .map((f, i) => {
      const x = 40 + i * 32;
      const mark =
        f < 0
          ? `<text x="${x}" y="34" text-anchor="middle" font-size="18" fill="#57534e">×</text>`
          : f === 0
            ? `<circle cx="${x}" cy="28" r="7" fill="none" stroke="#57534e" stroke-width="2"/>`
            : `<circle cx="${x}" cy="${44 + (f - 0.5) * 36}" r="11" fill="#ea580c"/>`;
      return `<line x1="${x}" y1="44" x2="${x}" y2="224" stroke="#57534e" stroke-width="2"/>${mark}`;
    })
    .join('');
  const fretLines = Array.from({ length: 6 }, (_, i) => {
    const y = 44 + i * 36;
    return `<line x1="40" y1="${y}" x2="200" y2="${y}" stroke="#57534e" stroke-width="${i === 0 ? 6 : 2}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 244" width="240" height="244">
<rect width="240" height="244" fill="#fff"/>${fretLines}${strings}
</svg>
`;
  writeFileSync(path.join(root, name), svg);
}

for (const dir of ['posters', 'courses', 'resources', 'chords', 'people']) mkdirSync(path.join(root, dir), { recursive: true });

const posters = [
  ['lesson-beginner', 'lesson', 'First Steps', 'Beginner lesson'],
  ['lesson-rhythm', 'rock', 'Rhythm Lab', 'Strumming and timing'],
  ['lesson-intermediate', 'lesson', 'Next Level', 'Intermediate lesson'],
  ['lesson-lead', 'rock', 'Lead Guitar', 'Scales, bends and solos'],
  ['lesson-technique', 'technique', 'Technique Tune-up', 'Ten minutes a day'],
  ['lesson-ukulele', 'ukulele', 'Ukulele', 'Four strings, big smiles'],
  ['song-blues', 'blues', 'Song Lesson', 'Blues'],
  ['song-rock', 'song', 'Song Lesson', 'Rock'],
  ['song-folk', 'folk', 'Song Lesson', 'Folk'],
  ['song-jazz', 'jazz', 'Song Lesson', 'Jazz'],
  ['replay', 'replay', 'Live Replay', 'Recorded live'],
  ['live', 'live', 'Live Lesson', 'Join in and ask questions'],
];
for (const [name, palette, label, sub] of posters) poster(`posters/${name}.svg`, palettes[palette], label, sub);

const courses = [
  ['beginner-guitar-course', 'lesson', 'Beginner Guitar', 'Your first chords and songs'],
  ['electric-rock-rhythm', 'rock', 'Electric Rock Rhythm', 'Power chords and riffs'],
  ['intermediate-guitar-course', 'lesson', 'Intermediate Guitar', 'Barre chords and beyond'],
  ['lead-guitar-1', 'rock', 'Lead Guitar 1', 'Pentatonic foundations'],
  ['lead-guitar-2', 'blues', 'Lead Guitar 2', 'Phrasing and bends'],
  ['lead-guitar-3', 'jazz', 'Lead Guitar 3', 'Modes and melody'],
  ['ukulele-course', 'ukulele', 'Ukulele Course', 'From zero to strumming'],
  ['technique-tuneups', 'technique', 'Technique Tune-ups', 'Short daily workouts'],
];
for (const [name, palette, label, sub] of courses) {
  poster(`courses/${name}.svg`, palettes[palette], label, sub);
  poster(`courses/${name}-jumbo.svg`, palettes[palette], label, sub);
}

chordDiagram('chords/c-major.svg', [-1, 3, 2, 0, 1, 0]);
chordDiagram('chords/g-major.svg', [3, 2, 0, 0, 0, 3]);
chordDiagram('chords/d-major.svg', [-1, -1, 0, 2, 3, 2]);
chordDiagram('chords/a-minor.svg', [-1, 0, 2, 2, 1, 0]);
chordDiagram('chords/e-minor.svg', [0, 2, 2, 0, 0, 0]);
chordDiagram('chords/e-major.svg', [0, 2, 2, 1, 0, 0]);
chordDiagram('chords/a-major.svg', [-1, 0, 2, 2, 2, 0]);
chordDiagram('chords/f-major.svg', [1, 3, 3, 2, 1, 1]);

for (const [name, initial, colour] of [
  ['hannah', 'H', '#f97316'],
  ['omar', 'O', '#3b82f6'],
  ['priya', 'P', '#22c55e'],
]) {
  writeFileSync(
    path.join(root, `people/${name}.svg`),
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" width="96" height="96"><circle cx="48" cy="48" r="48" fill="${colour}"/><text x="48" y="62" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="42" font-weight="700" fill="#fff">${initial}</text></svg>\n`,
  );
}

pdf('resources/first-chords-chart.pdf', 'Your First Eight Chords', [
  'C major:  x32010     G major:  320003',
  'D major:  xx0232     A minor:  x02210',
  'E minor:  022000     E major:  022100',
  'A major:  x02220     F major:  133211 (barre)',
  '',
  'Practise changing between two chords for one minute at a time.',
  'Count your changes, write the number down, and beat it tomorrow.',
]);
pdf('resources/practice-planner.pdf', 'Weekly Practice Planner', [
  'Monday     - 10 min warm-up, 10 min chords, 10 min a song',
  'Tuesday    - 10 min warm-up, 10 min rhythm, 10 min a song',
  'Wednesday  - rest or play just for fun',
  'Thursday   - 10 min warm-up, 10 min scales, 10 min a song',
  'Friday     - record yourself playing the song of the week',
  'Weekend    - play along with a live replay',
]);
pdf('resources/pentatonic-shapes.pdf', 'The Five Minor Pentatonic Shapes', [
  'Shape 1 starts on the root under your first finger.',
  'Each shape joins the next: learn them in order up the neck.',
  'Play each shape ascending and descending with a metronome at 60 bpm.',
  'Then improvise over a slow 12-bar blues in A using shape 1 only.',
]);
poster('resources/strumming-patterns.svg', palettes.lesson, 'Strumming Patterns', 'D  D U  U D U  -  print me');
poster('resources/fretboard-map.svg', palettes.blues, 'Fretboard Map', 'Every natural note, frets 0-12');

process.stdout.write('demo media written\n');
