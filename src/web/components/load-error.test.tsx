// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

/** The one 'failed to load, Try again' (src/web/components/load-error.tsx). */
describe('LoadError', () => {
  afterEach(cleanup);

  for (const layout of ['box', 'inline', 'list', 'page'] as const) {
    it(`${layout}: an alert with the page's message and a 'Try again' button that loads again`, () => {
      const onRetry = vi.fn();
      render(<LoadError layout={layout} message="We could not load your requests." detail="The server is busy." onRetry={onRetry} />);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toContain('We could not load your requests.');
      expect(alert.textContent).toContain('The server is busy.');
      const button = screen.getByRole('button', { name: 'Try again' });
      expect(alert.contains(button)).toBe(true);
      expect(button.getAttribute('type')).toBe('button');
      fireEvent.click(button);
      expect(onRetry).toHaveBeenCalledTimes(1);
    });
  }

  it('the whole page: the message is the heading', () => {
    render(<LoadError layout="page" message="We could not load your account" onRetry={() => {}} />);
    expect(screen.getByRole('heading', { level: 1, name: 'We could not load your account' })).toBeTruthy();
  });

  it('says so while it tries again, and waits', () => {
    const onRetry = vi.fn();
    render(<LoadError layout="list" message="Failed to load users" onRetry={onRetry} retrying />);
    const button = screen.getByRole('button', { name: 'Trying again...' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(onRetry).not.toHaveBeenCalled();
  });
});
