import type { Project } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { BoardCard } from '../../pages/Home/BoardCard.tsx';
import { webAppProject } from '../../pages/ManageProjects/project.fixture.ts';
import { ProjectList } from '../../pages/ManageProjects/ProjectList.tsx';
import { Page } from '../Page.tsx';
import { BoardAccessNotice } from './BoardAccessNotice.tsx';

const INSTALL = 'https://github.com/apps/fluxion-analytics/installations/new';

/** The server's answer to GET /api/github-app/install-url/: `installUrl` (null: no App configured). */
function stubInstallUrl(installUrl: string | null) {
  const asked = vi.fn();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (path !== '/api/github-app/install-url/') return new Response('{}', { status: 404 });
      asked();
      return new Response(JSON.stringify({ install_url: installUrl }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return asked;
}

function renderWith(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

const board = (extra: Partial<Project>): Project => ({
  ...webAppProject(null),
  sync_status: 'active',
  last_synced_at: new Date().toISOString(),
  ...extra,
});

/** What GitHub hides, said out loud, with the fix. */
describe('BoardAccessNotice', () => {
  beforeAll(() => {
    if (!('adoptedStyleSheets' in document))
      Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  afterAll(() => vi.unstubAllGlobals());

  it('counts the unreadable items of an organization board without the App, with a link that installs it', async () => {
    stubInstallUrl(INSTALL);
    renderWith(
      <BoardAccessNotice project={board({ unreadable_items: 12, unreadable_reason: 'no_installation' })} />,
    );
    expect(
      screen.getByText('12 items on this board come from repositories Fluxion may not read'),
    ).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Install the Fluxion GitHub App on acme' });
    expect(link.getAttribute('href')).toBe(INSTALL);
  });

  it('asks to add the repositories to an installation that leaves them out; one item is said in the singular', async () => {
    stubInstallUrl(INSTALL);
    renderWith(
      <BoardAccessNotice
        project={board({ unreadable_items: 1, unreadable_reason: 'repositories_not_selected' })}
      />,
    );
    expect(
      screen.getByText('1 item on this board comes from a repository Fluxion may not read'),
    ).toBeTruthy();
    const link = await screen.findByRole('link', {
      name: 'Add these repositories to the Fluxion GitHub App on acme',
    });
    expect(link.getAttribute('href')).toBe(INSTALL);
  });

  it('says why when the server has no App, and asks nothing for a personal board but to move it', async () => {
    stubInstallUrl(null);
    renderWith(
      <BoardAccessNotice project={board({ unreadable_items: 3, unreadable_reason: 'no_installation' })} />,
    );
    expect(
      await screen.findByText(/Your GitHub sign-in does not let Fluxion read these private repositories/),
    ).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();

    const asked = stubInstallUrl(INSTALL);
    renderWith(
      <BoardAccessNotice project={board({ unreadable_items: 2, unreadable_reason: 'user_owned' })} />,
    );
    expect(screen.getByText(/move the board to an organization and install the App there/)).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    expect(asked).not.toHaveBeenCalled();
  });

  it('shows why an inaccessible board stopped, and nothing for a board GitHub hides nothing of', () => {
    const message =
      'Access lost: the Fluxion GitHub App was uninstalled from acme. Re-install the Fluxion GitHub App on acme to read its boards again.';
    renderWith(<BoardAccessNotice project={board({ sync_status: 'inaccessible', sync_message: message })} />);
    expect(screen.getByText(message)).toBeTruthy();
    cleanup();
    const { container } = renderWith(<BoardAccessNotice project={board({ unreadable_items: 0 })} />);
    expect(container.textContent).toBe('');
  });

  it("is on every board page's header and in Manage Projects' row of the board", async () => {
    stubInstallUrl(INSTALL);
    const hidden = board({ unreadable_items: 12, unreadable_reason: 'no_installation' });
    // A board page reads its address (the estimated-history choice): a router around it, as in the app.
    renderWith(
      <MemoryRouter>
        <Page title="Lead-Time" board={hidden}>
          <p>chart</p>
        </Page>
      </MemoryRouter>,
    );
    expect(
      screen.getByText('12 items on this board come from repositories Fluxion may not read'),
    ).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Install the Fluxion GitHub App on acme' })).toBeTruthy();
    cleanup();

    const other = { ...board({ unreadable_items: 0 }), project_id: 'PVT_2', title: 'Clean board' };
    const nothing = () => {};
    renderWith(<ProjectList projects={[hidden, other]} onEdit={nothing} onDelete={nothing} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Projects' })).getAllByRole('listitem');
    const row = within(first as HTMLElement);
    expect(row.getByText('12 items on this board come from repositories Fluxion may not read')).toBeTruthy();
    expect(await row.findByRole('link', { name: 'Install the Fluxion GitHub App on acme' })).toBeTruthy();
    expect(within(second as HTMLElement).queryByText(/may not read/)).toBeNull();
  });
  it("is on Home's board cards too, whatever the card shows", async () => {
    stubInstallUrl(INSTALL);
    const hidden = board({ unreadable_items: 12, unreadable_reason: 'repositories_not_selected' });
    const summary = { project_id: hidden.project_id, title: hidden.title, is_demo: false };
    renderWith(
      <MemoryRouter>
        <BoardCard board={{ ...summary, status: 'no_data' }} days={30} project={hidden} />
        <BoardCard
          board={{ ...summary, project_id: 'PVT_2', status: 'failed', message: 'GitHub failed' }}
          days={30}
          project={{ ...hidden, project_id: 'PVT_2', unreadable_items: 0 }}
        />
      </MemoryRouter>,
    );
    const [first, second] = screen.getAllByTestId('board-card');
    const card = within(first as HTMLElement);
    expect(card.getByText('12 items on this board come from repositories Fluxion may not read')).toBeTruthy();
    expect(
      await card.findByRole('link', { name: 'Add these repositories to the Fluxion GitHub App on acme' }),
    ).toBeTruthy();
    expect(within(second as HTMLElement).queryByText(/may not read/)).toBeNull();
  });
});
