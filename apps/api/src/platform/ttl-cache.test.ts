import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers a value until its time is up, then forgets it', () => {
    const cache = new TtlCache<string, number>(1_000, 10);
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('storing again starts the time again', () => {
    const cache = new TtlCache<string, number>(1_000, 10);
    cache.set('a', 1);
    vi.advanceTimersByTime(800);
    cache.set('a', 2);
    vi.advanceTimersByTime(800);
    expect(cache.get('a')).toBe(2);
  });

  it('empties itself when a new key would pass the bound, but not when a stored key is replaced', () => {
    const cache = new TtlCache<string, number>(1_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('b', 3);
    expect(cache.size).toBe(2);
    cache.set('c', 4);
    expect(cache.size).toBe(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBe(4);
  });

  it('forgets the entries a predicate picks', () => {
    const cache = new TtlCache<string, { idUser: number }>(1_000, 10);
    cache.set('t1', { idUser: 1 });
    cache.set('t2', { idUser: 2 });
    cache.set('t3', { idUser: 1 });
    cache.deleteWhere((v) => v.idUser === 1);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t3')).toBeUndefined();
    expect(cache.get('t2')).toEqual({ idUser: 2 });
  });
});
