import type { FirstStepsAnswers, FirstStepsGoal, FirstStepsGuitar, FirstStepsLevel } from '@fretline/contract';

// The first-visit quiz's recommendation (docs/product.md#first-steps, ADR 0064): a course and first
// songs picked from the catalogue's own facets, so a new course or song is recommended without code.

/** What a catalogue video says about itself, as the rules read it. */
interface VideoFacts {
  difficulty: string | null;
  instrument: string | null;
  skill: string | null;
  genre: string | null;
}

export interface CourseFacts {
  idCourse: number;
  order: number;
  archetype: string | null;
  entries: VideoFacts[];
}

interface SongFacts extends VideoFacts {
  idVideo: number;
  premium: boolean;
  order: number;
}

/** The difficulties a level starts with, the first being the level's own. */
const LEVEL_DIFFICULTIES: Record<FirstStepsLevel, string[]> = {
  new: ['Beginner'],
  beginner: ['Beginner'],
  intermediate: ['Intermediate', 'Beginner'],
  advanced: ['Advanced', 'Intermediate'],
};
const GUITAR_INSTRUMENT: Record<FirstStepsGuitar, string> = {
  acoustic: 'Acoustic Guitar',
  electric: 'Electric Guitar',
  ukulele: 'Ukulele',
};
const GOAL_SKILLS: Record<FirstStepsGoal, string[]> = {
  songs: ['Rhythm', 'Strumming'],
  chords: ['Chords'],
  rhythm: ['Rhythm', 'Strumming'],
  lead: ['Lead'],
  technique: ['Technique', 'Practice'],
};

const same = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
const share = (entries: VideoFacts[], test: (v: VideoFacts) => boolean) =>
  entries.length ? entries.filter(test).length / entries.length : 0;

/**
 * Each course scores, from the share of its videos that fit: level 4, instrument 3, goals 2,
 * style 1; a learner who has never played by the beginner share alone. A ukulele answer only ever gets a ukulele course and a guitar answer never does. The
 * technique course (a companion, not a path) is left out. Ties go to the earlier course.
 */
function scoreCourse(course: CourseFacts, answers: FirstStepsAnswers): number {
  // Someone who has never played starts at the start (holding, tuning, first chords) whatever they
  // like or play: only how much of the course is for beginners counts, and a course that opens
  // with a beginner's lesson beats one that gets there later (ADR 0082).
  if (answers.first_steps_level === 'new') {
    const opensForBeginners = course.entries[0] && same(course.entries[0].difficulty, 'Beginner') ? 1 : 0;
    return 4 * share(course.entries, (v) => same(v.difficulty, 'Beginner')) + opensForBeginners;
  }
  const own = LEVEL_DIFFICULTIES[answers.first_steps_level][0]!;
  const instrument = GUITAR_INSTRUMENT[answers.first_steps_guitar];
  const skills = answers.first_steps_goals.flatMap((g) => GOAL_SKILLS[g]);
  const level = share(course.entries, (v) => same(v.difficulty, own));
  const fits = share(course.entries, (v) => same(v.instrument, instrument));
  const goals = skills.length ? share(course.entries, (v) => skills.some((s) => same(v.skill, s))) : 0;
  const style = answers.first_steps_style === 'any' ? 0 : share(course.entries, (v) => same(v.genre, answers.first_steps_style));
  return 4 * level + 3 * fits + 2 * goals + style;
}

export function pickCourse(courses: readonly CourseFacts[], answers: FirstStepsAnswers): CourseFacts | null {
  const ukulele = answers.first_steps_guitar === 'ukulele';
  const candidates = courses.filter((c) => {
    if (c.archetype === 'technique' || !c.entries.length) return false;
    const uke = share(c.entries, (v) => same(v.instrument, 'Ukulele')) > 0.5;
    return ukulele === uke;
  });
  let best: CourseFacts | null = null;
  let bestScore = -1;
  for (const c of [...candidates].sort((a, b) => a.order - b.order)) {
    const score = scoreCourse(c, answers);
    if (score > bestScore + 1e-9) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/**
 * First songs: only at the level's difficulties; style 2, instrument 1, the level's own difficulty
 * 1; then free songs before members' ones (a newcomer can play them today), then the catalogue's order.
 */
export function pickSongs(songs: readonly SongFacts[], answers: FirstStepsAnswers, count = 3): SongFacts[] {
  const levels = LEVEL_DIFFICULTIES[answers.first_steps_level];
  const instrument = GUITAR_INSTRUMENT[answers.first_steps_guitar];
  const score = (s: SongFacts) =>
    (answers.first_steps_style !== 'any' && same(s.genre, answers.first_steps_style) ? 2 : 0) +
    (same(s.instrument, instrument) ? 1 : 0) +
    (same(s.difficulty, levels[0]!) ? 1 : 0);
  return songs
    .filter((s) => levels.some((l) => same(s.difficulty, l)))
    .map((s) => ({ s, score: score(s) }))
    .sort(
      (a, b) =>
        b.score - a.score || Number(a.s.premium) - Number(b.s.premium) || a.s.order - b.s.order || a.s.idVideo - b.s.idVideo,
    )
    .slice(0, count)
    .map(({ s }) => s);
}

/** The reasons shown under the recommendation, in the learner's words. */
export function recommendationReasons(answers: FirstStepsAnswers): string[] {
  const level: Record<FirstStepsLevel, string> = {
    new: 'You are starting from scratch',
    beginner: 'You know a few chords',
    intermediate: 'You play songs and want more',
    advanced: 'You have played for years',
  };
  const reasons = [
    level[answers.first_steps_level],
    `You play ${answers.first_steps_guitar === 'ukulele' ? 'the ukulele' : `an ${answers.first_steps_guitar} guitar`}`,
  ];
  if (answers.first_steps_style !== 'any') reasons.push(`You like ${answers.first_steps_style}`);
  return reasons;
}
