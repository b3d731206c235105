import type { Profile } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/context.ts';
import { AddProjectDialog } from './AddProjectDialog.tsx';
import { stubLayoutApis } from '../../testing/layoutStubs.ts';

const user = { username: 'octo-alice', avatar_url: null } as unknown as Profile;
const auth = { isAuthenticated: true, user, state: { status: 'authenticated', user } } as AuthContextValue;
const INSTALL = 'https://github.com/apps/fluxion-analytics/installations/new';
const NO_PROJECTS = 'No available projects for this organization';

type Connections = { sign_in: string; personal_boards: string; installed_on: string[] };

/** GitHub answers an empty list for every owner; the server says how the user is connected. */
function stubApi(connections: Connections) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname;
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
      if (path === '/api/github/connections/') return json(connections);
      if (path === '/api/github-app/install-url/') return json({ install_url: INSTALL });
      if (path.startsWith('/api/github-owner-options'))
        return json([
          { value: '', display_name: 'octo-alice (personal)' },
          { value: 'acme', display_name: 'Acme' },
          { value: 'globex', display_name: 'Globex' },
        ]);
      return json([]);
    }),
  );
}

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthContext.Provider value={auth}>
        <MemoryRouter>
          <AddProjectDialog tracked={[]} onClose={() => {}} onSubmit={async () => null} />
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return screen.getByRole('dialog');
}

/** An empty list from GitHub is never "no projects" when the cause is a connection Fluxion lacks. */
describe('Add Project: a missing connection is said, with what to do', () => {
  beforeAll(() => {
    stubLayoutApis();
    if (!('adoptedStyleSheets' in document))
      Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true });
  });
  afterEach(() => cleanup());
  afterAll(() => vi.unstubAllGlobals());

  it('signed in through the App: personal boards not connected, an organization without the App, one with it', async () => {
    stubApi({ sign_in: 'github_app', personal_boards: 'not_connected', installed_on: ['acme'] });
    const u = userEvent.setup();
    const dialog = within(renderDialog());
    expect(
      await dialog.findByText(/does not let the Fluxion GitHub App read boards owned by a user/),
    ).toBeTruthy();
    expect(dialog.getByRole('button', { name: 'Connect personal boards' })).toBeTruthy();
    expect(dialog.queryByText(NO_PROJECTS)).toBeNull();

    await u.selectOptions(dialog.getByRole('combobox', { name: 'Organization' }), 'globex');
    expect(await dialog.findByText(/The Fluxion GitHub App is not installed on globex/)).toBeTruthy();
    const install = await dialog.findByRole('link', { name: 'Install the Fluxion GitHub App on globex' });
    expect(install.getAttribute('href')).toBe(INSTALL);
    expect(dialog.queryByText(NO_PROJECTS)).toBeNull();

    // Installed there: an empty list really is no boards.
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Organization' }), 'acme');
    expect(await dialog.findByText(NO_PROJECTS)).toBeTruthy();
    expect(dialog.queryByText(/not installed on/)).toBeNull();
  });

  it('personal boards connected, or an OAuth-app sign-in: an empty list is no boards', async () => {
    stubApi({ sign_in: 'github_app', personal_boards: 'connected', installed_on: [] });
    expect(await within(renderDialog()).findByText(NO_PROJECTS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Connect personal boards' })).toBeNull();
    cleanup();

    stubApi({ sign_in: 'oauth_app', personal_boards: 'not_needed', installed_on: [] });
    const u = userEvent.setup();
    const dialog = within(renderDialog());
    expect(await dialog.findByText(NO_PROJECTS)).toBeTruthy();
    await u.selectOptions(dialog.getByRole('combobox', { name: 'Organization' }), 'globex');
    expect(await dialog.findByText(NO_PROJECTS)).toBeTruthy();
    expect(dialog.queryByText(/not installed on/)).toBeNull();
  });
});
