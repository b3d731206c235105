import type { ProjectRemoval } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeleteProjectDialog } from './DeleteProjectDialog.tsx';
import { webAppProject } from './project.fixture.ts';
import { stubLayoutApis } from '../../testing/layoutStubs.ts';

/** GET /api/projects/{id}/removal/ answering `removal`, or failing (500) when it is null. */
function stubRemoval(removal: ProjectRemoval | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      expect(new URL(url, 'http://localhost').pathname).toBe('/api/projects/PVT_1/removal/');
      return removal
        ? new Response(JSON.stringify(removal), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          })
        : new Response('Internal Server Error', { status: 500 });
    }),
  );
}

function renderDialog(onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DeleteProjectDialog project={webAppProject(null)} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('DeleteProjectDialog', () => {
  beforeEach(() => {
    // jsdom has neither: Primer's dialogs observe their size and ask for the responsive width.
    stubLayoutApis();
    if (!('adoptedStyleSheets' in document))
      Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says the whole history is deleted, with its count, when no one else tracks the board', async () => {
    stubRemoval({ effect: 'delete', recorded_moves: 1234 });
    const onClose = renderDialog();
    expect(
      await screen.findByText(
        'Stop tracking “Web app”? No one else tracks this board: its 1,234 recorded movements will be deleted. This cannot be undone.',
      ),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Delete' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('says the history stays for the others who track the board', async () => {
    stubRemoval({ effect: 'untrack', recorded_moves: 1 });
    renderDialog();
    expect(
      await screen.findByText(
        'Stop tracking “Web app”? Others still track this board, so its history (1 recorded movement) stays for them; it only leaves your list.',
      ),
    ).toBeTruthy();
  });

  it('says the demo is only hidden', async () => {
    stubRemoval({ effect: 'hide', recorded_moves: 900 });
    renderDialog();
    expect(
      await screen.findByText(/^Remove the demo project “Web app” from your list\? Nothing is deleted/),
    ).toBeTruthy();
  });

  it('says what may happen when the server cannot tell, and still lets the user delete or cancel', async () => {
    stubRemoval(null);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onClose = renderDialog();
    expect(
      await screen.findByText(
        'Stop tracking “Web app”? If no one else tracks this board, its recorded movements will be deleted.',
      ),
    ).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });
});
