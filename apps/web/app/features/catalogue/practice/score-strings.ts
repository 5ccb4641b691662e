import type { model } from '@coderline/alphatab';

/**
 * The left-handed tab (ADR 0088): each stringed staff's strings in reverse order, the lowest on the
 * top line. A note keeps its pitch (its string's tuning moves with it), so the notation is unchanged.
 * Applying it twice restores the score, which is how the mirror is turned off again.
 */
export function reverseStrings(score: model.Score): void {
  for (const track of score.tracks)
    for (const staff of track.staves) {
      const count = staff.stringTuning.tunings.length;
      if (!count) continue;
      staff.stringTuning.tunings = [...staff.stringTuning.tunings].reverse();
      for (const bar of staff.bars)
        for (const voice of bar.voices)
          for (const beat of voice.beats)
            for (const note of beat.notes) if (note.string > 0) note.string = count + 1 - note.string;
    }
}
