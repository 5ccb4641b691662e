// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChordsEditor } from './chords-editor';

afterEach(cleanup);

const shaped = {
  id_video_chord: 1,
  video_chord_text: 'Em',
  video_chord_url: null,
  video_chord_url_signed: null,
  video_chord_frets: '0 2 2 0 0 0',
  video_chord_fingers: '0 2 3 0 0 0',
  video_chord_key: 'em',
};

describe('the chord editor (product.md#chords)', () => {
  it('draws a saved shape, fills a row from the library, and says what is wrong with a typed shape', () => {
    render(<ChordsEditor errors={{}} chords={[shaped]} />);
    expect(screen.getByRole('img', { name: /^Em chord: frets from low E 0, 2 \(finger 2\)/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Pick from the chord library'), { target: { value: 'f-barre' } });
    expect(screen.getByLabelText<HTMLInputElement>(/^Chord/, { selector: 'input' }).value).toBe('F');
    expect(screen.getByLabelText<HTMLInputElement>(/^Frets/).value).toBe('1 3 3 2 1 1');
    expect(screen.getByRole('img', { name: /^F chord/ })).toBeTruthy();
    expect(document.querySelector<HTMLInputElement>('input[name="video_chords[0][video_chord_key]"]')!.value).toBe('f-barre');

    // Typing a shape by hand leaves the library and previews it live, or says why it cannot.
    fireEvent.change(screen.getByLabelText(/^Frets/), { target: { value: 'x3201' } });
    expect(document.querySelector<HTMLInputElement>('input[name="video_chords[0][video_chord_key]"]')!.value).toBe('');
    expect(screen.getByText(/Write six frets, low E first/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Frets/), { target: { value: 'x32010' } });
    fireEvent.change(screen.getByLabelText(/^Fingers/), { target: { value: '032010' } });
    expect(screen.getByRole('img', { name: /^F chord: frets from low E x, 3 \(finger 3\)/ })).toBeTruthy();
  });
});
