import { scoreFormatOf, scoreMagicMatches, SCORE_MAX_BYTES, type ScoreFormat } from '@fretline/contract';

/*
 * Reading a lesson's score file (ADR 0088) with the same library that draws it on the lesson page:
 * a file alphaTab cannot read here would show nothing there, so it is refused before it is stored.
 * alphaTab's importers are plain JavaScript and run in Node; no rendering happens on the server.
 */

export interface ParsedScore {
  format: ScoreFormat;
  title: string | null;
  barCount: number;
}

/** Why a score file was refused: what the editor reads under the file field. */
export class ScoreFileError extends Error {}

/**
 * alphaTab, loaded on the first score an editor attaches: a 1.2 MB module every instance would
 * otherwise load at start for a call made a few times a week.
 */
let loading: ReturnType<typeof load> | null = null;
const loadAlphaTab = () => (loading ??= load());

async function load() {
  const { importer, Logger, LogLevel, Settings } = await import('@coderline/alphatab');
  const settings = new Settings();
  // The refusal is ours to word; alphaTab's own console logging would only repeat it in the server log.
  settings.core.logLevel = LogLevel.None;
  Logger.logLevel = LogLevel.None;
  return { importer, settings };
}

interface AlphaTexDiagnostic {
  message: string;
  severity: number;
  start?: { line: number; col: number };
}

/** alphaTex's first error, with its line and column, from the diagnostics the importer keeps. */
function alphaTexProblem(err: unknown): string | null {
  const cause = (err as { cause?: Record<string, { items?: AlphaTexDiagnostic[] } | undefined> } | null)?.cause;
  if (!cause) return null;
  for (const kind of ['lexerDiagnostics', 'parserDiagnostics', 'semanticDiagnostics']) {
    // Severity 2 is an error; lower ones are hints alphaTab reads past.
    const first = cause[kind]?.items?.find((d) => d.severity >= 2);
    if (first) return first.start ? `line ${first.start.line}, column ${first.start.col}: ${first.message}` : first.message;
  }
  return null;
}

/** Parses the file whole, or throws ScoreFileError saying why it cannot be used. */
export async function parseScoreFile(fileName: string, bytes: Uint8Array): Promise<ParsedScore> {
  const format = scoreFormatOf(fileName);
  if (!format)
    throw new ScoreFileError(
      'Choose an alphaTex (.alphatex, .atex), Guitar Pro (.gp, .gpx, .gp5) or MusicXML (.musicxml, .xml) file.',
    );
  if (bytes.length === 0) throw new ScoreFileError('The score file is empty.');
  if (bytes.length > SCORE_MAX_BYTES)
    throw new ScoreFileError(`This score file is too large (${SCORE_MAX_BYTES / 1024} KB at most).`);
  if (!scoreMagicMatches(format, bytes))
    throw new ScoreFileError(`This is not a ${formatName(format)} file: its contents do not match its name.`);
  const { importer, settings } = await loadAlphaTab();
  let score;
  try {
    if (format === 'alphatex') {
      const reader = new importer.AlphaTexImporter();
      reader.initFromString(new TextDecoder('utf-8', { fatal: true }).decode(bytes), settings);
      score = reader.readScore();
    } else score = importer.ScoreLoader.loadScoreFromBytes(bytes, settings);
  } catch (err) {
    const where = format === 'alphatex' ? alphaTexProblem(err) : null;
    throw new ScoreFileError(
      where ? `This alphaTex cannot be read: ${where}` : `This ${formatName(format)} file cannot be read: it may be damaged.`,
    );
  }
  const barCount = score.masterBars.length;
  const notes = score.tracks.some((track) => track.staves.some((staff) => staff.bars.some((bar) => !bar.isEmpty)));
  if (barCount === 0 || !notes) throw new ScoreFileError('This score has no notes: write at least one bar.');
  return { format, title: score.title.trim() || null, barCount };
}

function formatName(format: ScoreFormat): string {
  return { alphatex: 'alphaTex', gp: 'Guitar Pro', gpx: 'Guitar Pro 6', gp5: 'Guitar Pro 3–5', musicxml: 'MusicXML' }[format];
}
