// @vitest-environment happy-dom
import { cleanup, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MinutesChart, minutesAxisTop } from './practice-charts';

// happy-dom lays nothing out: without a ResizeObserver the chart keeps its initial 320 px box.
beforeAll(() => vi.stubGlobal('ResizeObserver', undefined));
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

const goalLines = (container: HTMLElement) => container.querySelectorAll('.recharts-reference-line');

describe('MinutesChart (product.md#practice-log)', () => {
  it('draws the goal line when every day is below the goal', async () => {
    const { container } = render(
      <MinutesChart
        data={[
          { label: '1/12', minutes: 5 },
          { label: '2/12', minutes: 0 },
        ]}
        goal={15}
        goalLabel="15 min"
      />,
    );
    await waitFor(() => expect(container.querySelector('.recharts-bar')).toBeTruthy());
    expect(goalLines(container)).toHaveLength(1);
  });

  it('draws the goal line when the learner is above the goal, and with nothing logged', async () => {
    const above = render(<MinutesChart data={[{ label: '1/12', minutes: 40 }]} goal={15} goalLabel="15 min" />);
    await waitFor(() => expect(goalLines(above.container)).toHaveLength(1));
    cleanup();
    const empty = render(<MinutesChart data={[{ label: '1/12', minutes: 0 }]} goal={60} goalLabel="60 min" />);
    await waitFor(() => expect(goalLines(empty.container)).toHaveLength(1));
  });

  it('tops the axis at the goal or the highest bar', () => {
    expect(minutesAxisTop([{ minutes: 5 }], 15)).toBe(15);
    expect(minutesAxisTop([{ minutes: 50 }, { minutes: 3 }], 15)).toBe(50);
    expect(minutesAxisTop([], 20)).toBe(20);
  });
});
