import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SharedViewPage } from './SharedViewPage.tsx';
import partial from './shared-partial.fixture.json';
import { stubLayoutApis } from '../../testing/layoutStubs.ts';

/**
 * A shared view of the partial board (e2e/partial-history.spec.ts's board, shared over 30 days): the server's
 * own answer, recorded from a walk of the product. Its Flow figures are read as the Flow page reads them.
 */
describe('a shared view of a board whose history GitHub lost', () => {
  beforeEach(() => {
    stubLayoutApis();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(partial), { headers: { 'content-type': 'application/json' } }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says under its insight, as the Flow page does, that the six finished have no known start', async () => {
    render(
      <MemoryRouter initialEntries={['/share#token']}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SharedViewPage />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect((await screen.findByText('6 items finished in 30 days')).textContent).toBeTruthy();
    expect(screen.getByTestId('history-gaps').textContent).toContain(
      'All 6 items finished in the last 30 days have no known start: GitHub lost their history',
    );
    expect(screen.getByTestId('history-gaps').textContent).toContain('not in the cycle times');
  });
});
