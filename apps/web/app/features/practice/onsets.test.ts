import { describe, expect, it } from 'vitest';
import { OnsetCounter, rms } from './onsets';

const RATE = 44_100;
const FRAME = 1024;
const FRAME_MS = (FRAME / RATE) * 1000;

/**
 * Synthetic microphone input: low room noise, and a strum at each of `strums` (ms): a 196 Hz tone
 * at `level` that dies away over about half a second, added on top of whatever still rings.
 */
function recording(durationMs: number, strums: number[], options: { level?: number; noise?: number; hum?: number } = {}) {
  const { level = 0.5, noise = 0.002, hum = 0 } = options;
  const samples = new Float32Array(Math.round((durationMs / 1000) * RATE));
  let seed = 7;
  const random = () => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647) * 2 - 1;
  for (let i = 0; i < samples.length; i++) {
    const t = i / RATE;
    let v = noise * random() + hum * Math.sin(2 * Math.PI * 110 * t);
    for (const at of strums) {
      const since = t - at / 1000;
      if (since >= 0) v += level * Math.exp(-since / 0.12) * Math.sin(2 * Math.PI * 196 * since);
    }
    samples[i] = v;
  }
  return samples;
}

function countOnsets(samples: Float32Array): number {
  const counter = new OnsetCounter();
  for (let start = 0, frame = 0; start + FRAME <= samples.length; start += FRAME, frame++) {
    counter.push(rms(samples.subarray(start, start + FRAME)), frame * FRAME_MS);
  }
  return counter.count;
}

describe('the strum counter of One Minute Changes (product.md#one-minute-changes)', () => {
  it('counts each strum once', () => {
    expect(countOnsets(recording(4000, [200, 800, 1400, 2000, 2600, 3200]))).toBe(6);
  });

  it('counts a strum over a chord still ringing', () => {
    expect(countOnsets(recording(2000, [200, 550, 900], { level: 0.3 }))).toBe(3);
  });

  it('hears nothing in a quiet room', () => {
    expect(countOnsets(recording(3000, [], { noise: 0.005 }))).toBe(0);
  });

  it('counts a steady hum once at most, not on every frame', () => {
    expect(countOnsets(recording(3000, [], { hum: 0.2 }))).toBeLessThanOrEqual(1);
  });

  it('takes two hits closer than the refractory period as one strum', () => {
    expect(countOnsets(recording(1500, [300, 380]))).toBe(1);
  });

  it('gives the root mean square of a frame', () => {
    expect(rms([])).toBe(0);
    expect(rms([0.5, -0.5, 0.5, -0.5])).toBeCloseTo(0.5);
  });
});
