import type { NotificationSettings, Profile } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/context.ts';
import { ProjectsContext, type ProjectsContextValue } from '../../projects/context.ts';
import { ManageProjectsPage } from './ManageProjectsPage.tsx';
import { webAppProject } from './project.fixture.ts';
import { stubLayoutApis } from '../../testing/layoutStubs.ts';

const user = { username: 'octo-alice', avatar_url: null } as unknown as Profile;
const auth = { isAuthenticated: true, user, state: { status: 'authenticated', user } } as AuthContextValue;

/** The notification settings as the server answers them for a user who has chosen nothing yet. */
const NO_NOTIFICATIONS: NotificationSettings = {
  digest: false,
  alerts: false,
  by_email: true,
  by_slack: false,
  email: null,
  email_status: null,
  slack: { configured: false, hint: null, may_change: true },
  email_available: true,
  schedule: 'Mondays at 09:00 (UTC)',
  is_demo: false,
  status: { digest: null, alerts: null, slack: null },
};

/**
 * The API as the dialogs meet it; saving answers `saveStatus`. GitHub's columns of a board are answered
 * once `columnsAnswered` settles, so a test sees what the dialog says meanwhile for as long as it looks.
 */
function stubApi(saveStatus: number, columnsAnswered: Promise<void> = Promise.resolve()) {
  const saves: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const json = (body: unknown, status = 200) =>
        new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (path === '/api/projects/' && init?.method === 'POST') {
        saves.push(JSON.parse(String(init.body)));
        return json({ message: 'GitHub request failed' }, saveStatus);
      }
      // The page's Notifications section asks for the first board's settings.
      if (/^\/api\/projects\/[^/]+\/notifications\/$/.test(path) && (init?.method ?? 'GET') === 'GET')
        return json(NO_NOTIFICATIONS);
      if (path.startsWith('/api/github-owner-options'))
        return json([{ value: 'octo-alice', display_name: 'octo-alice' }]);
      if (path.startsWith('/api/github-projects-by-owner'))
        return json([{ id: 'PVT_new', name: 'New board', full_name: 'octo-alice/3', owner: 'octo-alice' }]);
      if (path.startsWith('/api/github-project-fields'))
        return json({
          fields: [{ id: 'F1', name: 'Status', columns: ['Todo', 'Doing', 'Done'] }],
          default_field_id: 'F1',
        });
      if (path.startsWith('/api/github-project-columns')) {
        await columnsAnswered;
        return json(['Todo', 'Doing', 'Done']);
      }
      if (path === '/api/github/connections/')
        return json({ sign_in: 'github_app', personal_boards: 'not_needed', installed_on: [] });
      if (path === '/api/github-app/install-url/') return json({ install_url: null });
      // What these dialogs do not read (the board's webhook, filter values, iterations) is not found here.
      if (/^\/api\/(org-webhooks|filter-suggestions|iterations)\//.test(path))
        return json({ message: 'Not found' }, 404);
      return json([]);
    }),
  );
  return saves;
}

/**
 * The option among the cycle-time start column's choices, once GitHub's columns are in: a role query over
 * the whole dialog would weigh every time zone's option too (seconds on a busy machine, at each retry).
 */
async function columnOption(dialog: HTMLElement, name: string): Promise<void> {
  await waitFor(
    () => {
      const select = within(dialog).getByLabelText(/^Cycle time start column/);
      expect(within(select).getByRole('option', { name })).toBeTruthy();
    },
    { timeout: 5000 },
  );
}

function renderPage() {
  const projects: ProjectsContextValue = {
    projects: [webAppProject(null)],
    loading: false,
    selected: null,
    select: vi.fn(),
    reload: vi.fn(async () => undefined),
  };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <ProjectsContext.Provider value={projects}>
          <MemoryRouter initialEntries={['/manage-projects']}>
            <ManageProjectsPage />
          </MemoryRouter>
        </ProjectsContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** A failed Add or Edit keeps the dialog, what was typed, and says why. */
describe('Manage Projects dialogs', () => {
  beforeAll(() => {
    // jsdom has neither: Primer's dialogs observe their size and ask for the responsive width.
    stubLayoutApis();
    if (!('adoptedStyleSheets' in document))
      Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true });
  });
  afterEach(() => {
    cleanup();
    vi.mocked(fetch).mockReset();
  });
  afterAll(() => vi.unstubAllGlobals());

  it('a failed Edit stays open with the calendar, holidays and column typed, and the error', async () => {
    const saves = stubApi(502);
    const u = userEvent.setup();
    renderPage();
    await u.click(screen.getByRole('button', { name: 'Edit Web app' }));
    const dialog = screen.getByRole('dialog');
    await columnOption(dialog, 'Doing');
    await u.selectOptions(within(dialog).getByLabelText(/^Cycle time start column/), 'Doing');
    await u.selectOptions(within(dialog).getByLabelText('Time zone'), 'Europe/Berlin');
    await u.click(within(dialog).getByLabelText(/^Holidays/));
    await u.paste('2026-12-24\n2026-12-25');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Error updating project.');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Cycle time start column/).value).toBe('Doing');
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Time zone').value).toBe('Europe/Berlin');
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(/^Holidays/).value).toBe(
      '2026-12-24\n2026-12-25',
    );
  });

  it('a failed Add stays open with the board chosen and the error; "Loading columns..." shows once', async () => {
    let answerColumns = () => {};
    const saves = stubApi(500, new Promise<void>((resolve) => (answerColumns = resolve)));
    const u = userEvent.setup();
    renderPage();
    await u.click(screen.getByRole('button', { name: 'Add Project' }));
    const dialog = screen.getByRole('dialog');
    const projects = await within(dialog).findByRole('combobox', { name: /^Project/ });
    const project = await within(projects).findByRole('option', { name: 'New board (octo-alice/3)' });
    await u.selectOptions(within(dialog).getByRole('combobox', { name: /^Project/ }), project);
    expect(await within(dialog).findAllByText('Loading columns...')).toHaveLength(1);
    answerColumns();
    await columnOption(dialog, 'Doing');
    await u.selectOptions(within(dialog).getByLabelText(/^Cycle time start column/), 'Doing');
    await u.click(within(dialog).getByRole('button', { name: 'Add Project' }));

    await waitFor(() => expect(saves).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Error adding project.');
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /^Project/ }).value).toBe(
      'PVT_new',
    );
    expect(within(dialog).getByLabelText<HTMLSelectElement>(/^Cycle time start column/).value).toBe('Doing');
  });
});
