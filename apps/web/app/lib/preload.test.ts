import { describe, expect, it } from 'vitest';
import { createLimiter } from './preload';

// The cap on route preloads (ADR 0006; product.md#constants): a fifth waits for a slot.
describe('createLimiter', () => {
  it('grants up to its cap at once and passes each released slot to the next waiting caller', async () => {
    const limiter = createLimiter(2);
    const first = await limiter.acquire();
    await limiter.acquire();
    let thirdGranted = false;
    const third = limiter.acquire().then((release) => {
      thirdGranted = true;
      return release;
    });
    await Promise.resolve();
    expect(limiter.active).toBe(2);
    expect(limiter.waiting).toBe(1);
    expect(thirdGranted).toBe(false);
    first();
    first(); // a second release of the same slot frees nothing more
    await third;
    expect(thirdGranted).toBe(true);
    expect(limiter.active).toBe(2);
    expect(limiter.waiting).toBe(0);
  });
});
