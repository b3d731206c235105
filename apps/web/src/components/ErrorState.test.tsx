import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../api/errors.ts';
import { ErrorState } from './ErrorState.tsx';

describe('ErrorState', () => {
  afterEach(cleanup);

  it('a 400 is the request’s fault: the server’s reason, no “server or GitHub” hint, no useless retry', () => {
    render(<ErrorState error={new HttpError(400, 'from must be on or before to')} onRetry={vi.fn()} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This view asks for something the server cannot answer');
    expect(alert.textContent).toContain('The server refused the request: from must be on or before to.');
    expect(alert.textContent).not.toContain('The server or GitHub did not answer as expected');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a server failure keeps its hint and retry', () => {
    render(<ErrorState error={new HttpError(500, 'Internal Server Error')} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert').textContent).toContain('Failed to load data');
    expect(screen.getByRole('alert').textContent).toContain(
      'The server or GitHub did not answer as expected',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
