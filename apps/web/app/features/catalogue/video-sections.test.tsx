// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChordList } from './video-sections';

afterEach(cleanup);

describe('ChordList (product.md#entities video_chords)', () => {
  it('prints the name under a diagram, which may not carry it, and describes the diagram', () => {
    render(
      <ChordList chords={[{ id_video_chord: 1, video_chord_text: 'Am', video_chord_url: '/media/demo/chords/a-minor.svg' }]} />,
    );
    expect(screen.getByRole('img', { name: 'Am chord diagram' })).toBeTruthy();
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toBe('Am');
  });

  it('prints the name of a chord that has no diagram', () => {
    render(<ChordList chords={[{ id_video_chord: 2, video_chord_text: 'F#m7', video_chord_url: null }]} />);
    expect(screen.getByRole('listitem').textContent).toBe('F#m7');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
