/**
 * Counting strums for One Minute Changes' microphone mode (product.md#one-minute-changes, ADR 0081):
 * energy onsets, kept simple. A frame's loudness is its RMS; a strum is a jump to at least `ratio`
 * times the quietest frame since the last strum (so a new strum over a ringing chord counts) and
 * above `threshold` (so room noise never does), and no strum counts within `refractoryMs` of the
 * last (one strum's attack spans several frames, and nobody changes chords ten times a second).
 */

export interface OnsetOptions {
  /** The RMS below which nothing is a strum (full scale is 1). */
  threshold: number;
  /** How many times louder than the quietest frame since the last strum a new one must be. */
  ratio: number;
  refractoryMs: number;
}

const STRUM_ONSETS: OnsetOptions = { threshold: 0.02, ratio: 3, refractoryMs: 250 };

/** The root mean square of one frame of samples. */
export function rms(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / samples.length);
}

export class OnsetCounter {
  private valley = Infinity;
  private last = -Infinity;
  count = 0;

  constructor(private readonly options: OnsetOptions = STRUM_ONSETS) {}

  /** Feeds one frame's loudness heard at `atMs`; true when it starts a strum. */
  push(energy: number, atMs: number): boolean {
    const { threshold, ratio, refractoryMs } = this.options;
    const onset = energy >= threshold && energy >= this.valley * ratio && atMs - this.last >= refractoryMs;
    if (onset) {
      this.count += 1;
      this.last = atMs;
      this.valley = energy;
      return true;
    }
    this.valley = Math.min(this.valley, energy);
    return false;
  }
}
