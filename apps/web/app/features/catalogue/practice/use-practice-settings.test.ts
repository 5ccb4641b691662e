// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { PRACTICE_DEFAULTS } from '@fretline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';

// The API is faked at the boundary: `get` answers videos.getPractice, `put` videos.putPractice.
const fake = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../../../lib/api.client', () => ({
  api: {
    call: (name: string, input: unknown) => (name === 'videos.getPractice' ? fake.get(input) : fake.put(input)) as unknown,
  },
}));

const { usePracticeSettings } = await import('./use-practice-settings');

const SAVED = { ...PRACTICE_DEFAULTS, practice_screen: 'large', practice_updated: '2026-12-01T10:00:00.000Z' };
const NOTHING_SAVED = { ...PRACTICE_DEFAULTS, practice_screen: 'large', practice_updated: null };
const offline = () => new ApiError('Network error.', undefined);

describe('usePracticeSettings (product.md#practice)', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.innerWidth = 1280;
    fake.get.mockReset().mockResolvedValue({ practice: NOTHING_SAVED });
    fake.put.mockReset().mockResolvedValue({ practice: SAVED });
  });
  afterEach(() => vi.useRealTimers());

  it('mirrors the video by default for a left-handed account, until the lesson has its own settings', async () => {
    const { result } = renderHook(() => usePracticeSettings('lesson', true, true));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(result.current.values.practice_mirror).toBe(true);

    fake.get.mockResolvedValue({ practice: { ...SAVED, practice_mirror: false } });
    const again = renderHook(() => usePracticeSettings('lesson', true, true));
    await waitFor(() => expect(again.result.current.loaded).toBe(true));
    expect(again.result.current.values.practice_mirror).toBe(false);
  });

  it('keeps settings the API could not be reached for, and saves them when the browser is back online', async () => {
    const { result } = renderHook(() => usePracticeSettings('lesson', true));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    fake.put.mockRejectedValueOnce(offline());
    act(() => result.current.update({ practice_rate: 70 }));
    await waitFor(() => expect(result.current.saveError).toMatch(/kept on this device/));
    expect(JSON.parse(window.localStorage.getItem('fretline:practice-unsaved:large:lesson') ?? '{}')).toMatchObject({
      practice_rate: 70,
    });

    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.saveError).toBeNull());
    expect(fake.put).toHaveBeenLastCalledWith(
      expect.objectContaining({ params: { videoSlug: 'lesson' }, body: expect.objectContaining({ practice_rate: 70 }) }),
    );
    expect(window.localStorage.getItem('fretline:practice-unsaved:large:lesson')).toBeNull();
  });

  it('sends the kept settings before reading the account’s on the next visit', async () => {
    window.localStorage.setItem(
      'fretline:practice-unsaved:large:lesson',
      JSON.stringify({ ...PRACTICE_DEFAULTS, practice_rate: 80, practice_screen: 'large' }),
    );
    fake.get.mockResolvedValue({ practice: { ...SAVED, practice_rate: 80 } });
    const { result } = renderHook(() => usePracticeSettings('lesson', true));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    expect(fake.put).toHaveBeenCalledWith(expect.objectContaining({ body: expect.objectContaining({ practice_rate: 80 }) }));
    expect(fake.put.mock.invocationCallOrder[0]).toBeLessThan(fake.get.mock.invocationCallOrder[0]!);
    expect(result.current.values.practice_rate).toBe(80);
    expect(window.localStorage.getItem('fretline:practice-unsaved:large:lesson')).toBeNull();
  });

  it('shows a refusal and keeps nothing to send again', async () => {
    const { result } = renderHook(() => usePracticeSettings('lesson', true));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    fake.put.mockRejectedValueOnce(new ApiError('This lesson is for members.', 403));
    act(() => result.current.update({ practice_rate: 70 }));
    await waitFor(() => expect(result.current.saveError).toBe('This lesson is for members.'));
    expect(window.localStorage.getItem('fretline:practice-unsaved:large:lesson')).toBeNull();
  });
});
