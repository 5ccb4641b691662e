import { eq, tables, type Database } from '@fretline/db';
import type { PersonalDataEraser } from '../../platform/erasure.ts';

/**
 * Account deletion (ADR 0046): the learner's course progress, play positions, My List, live lesson
 * reminders, questions asked in live lessons, practice settings, practice log, goal and reminder, chord-change
 * rounds, known chords and first-visit quiz go (ADR 0064, ADR 0065); a question already made a
 * replay chapter stays there as the teacher's content (ADR 0063).
 */
export const eraseVideosPersonalData: PersonalDataEraser = async (db: Database, { idUser }) => {
  await db.delete(tables.courseProgress).where(eq(tables.courseProgress.idUser, idUser));
  await db.delete(tables.videoPlays).where(eq(tables.videoPlays.idUser, idUser));
  await db.delete(tables.savedVideos).where(eq(tables.savedVideos.idUser, idUser));
  await db.delete(tables.liveStreamReminders).where(eq(tables.liveStreamReminders.idUser, idUser));
  await db.delete(tables.liveQuestions).where(eq(tables.liveQuestions.idUser, idUser));
  await db.delete(tables.practiceSettings).where(eq(tables.practiceSettings.idUser, idUser));
  await db.delete(tables.firstSteps).where(eq(tables.firstSteps.idUser, idUser));
  await db.delete(tables.practiceSessions).where(eq(tables.practiceSessions.idUser, idUser));
  await db.delete(tables.practiceGoals).where(eq(tables.practiceGoals.idUser, idUser));
  await db.delete(tables.practiceReminders).where(eq(tables.practiceReminders.idUser, idUser));
  await db.delete(tables.chordChanges).where(eq(tables.chordChanges.idUser, idUser));
  await db.delete(tables.knownChords).where(eq(tables.knownChords.idUser, idUser));
};
