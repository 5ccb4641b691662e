// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChordList } from './video-sections';

afterEach(cleanup);

const NO_SHAPE = { video_chord_frets: null, video_chord_fingers: null, video_chord_key: null };
/** The x of the first string line drawn (string lines start at the nut's y, 16). */
const firstStringX = (svg: Element) => Number(svg.querySelector('line[y1="16"]:not([y2="16"])')?.getAttribute('x1'));

describe('ChordList (product.md#entities video_chords)', () => {
  it('prints the name under a diagram, which may not carry it, and describes the diagram', () => {
    render(
      <ChordList
        chords={[{ id_video_chord: 1, video_chord_text: 'Am', video_chord_url: '/media/demo/chords/a-minor.svg', ...NO_SHAPE }]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Am chord diagram' })).toBeTruthy();
    expect(screen.getByRole('figure').querySelector('figcaption')?.textContent).toBe('Am');
  });

  it('prints the name of a chord that has no diagram', () => {
    render(<ChordList chords={[{ id_video_chord: 2, video_chord_text: 'F#m7', video_chord_url: null, ...NO_SHAPE }]} />);
    expect(screen.getByRole('listitem').textContent).toBe('F#m7');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws a chord with a shape as an SVG diagram (product.md#chords), flipped for a left-handed player', async () => {
    const chord = {
      id_video_chord: 3,
      video_chord_text: 'F',
      video_chord_url: '/media/demo/chords/f-major.svg',
      video_chord_frets: '1 3 3 2 1 1',
      video_chord_fingers: '1 3 4 2 1 1',
      video_chord_key: 'f-barre',
    };
    const { rerender } = render(<ChordList chords={[chord]} />);
    // The diagram component loads on demand (the video page's budget, ADR 0058).
    const diagram = await screen.findByRole('img', { name: /^F chord: frets from low E 1 \(finger 1\), 3 \(finger 3\)/ });
    expect(diagram.tagName.toLowerCase()).toBe('svg');
    // The shape wins over the uploaded picture; the barre is one bar across the six strings.
    expect(screen.queryByRole('img', { name: 'F chord diagram' })).toBeNull();
    expect(diagram.querySelectorAll('rect[rx]')).toHaveLength(1);
    expect(firstStringX(diagram)).toBe(14);
    rerender(<ChordList chords={[chord]} mirror />);
    const mirrored = screen.getByTestId('chord-diagram');
    expect(mirrored.getAttribute('data-mirror')).toBe('true');
    // Low E is drawn on the right.
    expect(firstStringX(mirrored)).toBe(74);
  });

  it('draws a ukulele lesson’s chord with its four strings, G first', async () => {
    const chord = {
      id_video_chord: 4,
      video_chord_text: 'C',
      video_chord_url: null,
      video_chord_frets: '0 0 0 3',
      video_chord_fingers: '0 0 0 3',
      video_chord_key: null,
    };
    render(<ChordList chords={[chord]} instrument="Ukulele" />);
    const diagram = await screen.findByRole('img', { name: /^C chord: frets from G string 0, 0, 0, 3 \(finger 3\)$/ });
    expect(diagram.getAttribute('data-strings')).toBe('4');
    expect(diagram.querySelectorAll('line[y1="16"]:not([y2="16"])')).toHaveLength(4);
  });
});
