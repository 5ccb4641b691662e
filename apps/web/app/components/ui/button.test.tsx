// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Button, buttonClasses } from './button';

// What Tailwind's `disabled:not-aria-busy:` classes select: the "unavailable" look.
const UNAVAILABLE = ':disabled:not([aria-busy="true"])';

afterEach(cleanup);

describe('Button', () => {
  it('gives a disabled button that is not busy the unavailable look, without a spinner', () => {
    render(<Button disabled>Move up</Button>);
    const button = screen.getByRole('button', { name: 'Move up' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.matches(UNAVAILABLE)).toBe(true);
    expect(button.querySelector('.animate-spin')).toBeNull();
  });

  it('keeps a busy button out of the unavailable look: disabled, marked busy and spinning', () => {
    render(
      <Button busy disabled>
        Save changes
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save changes' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.matches(UNAVAILABLE)).toBe(false);
    expect(button.querySelector('.animate-spin')).not.toBeNull();
  });

  it('leaves an enabled button out of both looks', () => {
    render(<Button>Publish</Button>);
    const button = screen.getByRole('button', { name: 'Publish' });
    expect(button).toHaveProperty('disabled', false);
    expect(button.matches(':disabled')).toBe(false);
  });

  it('styles the unavailable look apart from the busy fade, for every variant', () => {
    for (const variant of ['primary', 'secondary', 'ghost', 'danger'] as const) {
      const classes = buttonClasses(variant).split(' ');
      // The busy fade applies to every disabled button; the unavailable look only without aria-busy.
      expect(classes).toContain('disabled:opacity-60');
      expect(classes).toContain('disabled:not-aria-busy:opacity-40');
      // Hovering an unavailable button must not make it look pressable.
      expect(classes.some((c) => c.startsWith('disabled:not-aria-busy:hover:'))).toBe(true);
    }
  });
});
