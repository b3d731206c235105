import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GithubAppSetupResult, InstallOnOrganizationButton } from './GithubAppInstall.tsx';

const INSTALL = 'https://github.com/apps/fluxion-analytics/installations/new';

function stubInstallUrl(installUrl: string | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ install_url: installUrl }), {
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{`${location.pathname}${location.search}`}</div>;
}

function renderAt(entry: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <InstallOnOrganizationButton />
        <GithubAppSetupResult />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Manage Projects installs the Fluxion GitHub App and says what came of it. */
describe('GitHub App in Manage Projects', () => {
  beforeAll(() => {
    if (!('adoptedStyleSheets' in document))
      Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers "Install on an organization" with GitHub\'s install page, which lets a member request it from an owner', async () => {
    stubInstallUrl(INSTALL);
    renderAt('/manage-projects');
    const button = await screen.findByRole('link', { name: 'Install on an organization' });
    expect(button.getAttribute('href')).toBe(INSTALL);
    expect(button.getAttribute('title')).toMatch(/request it from an owner/);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers nothing when the server has no GitHub App', async () => {
    stubInstallUrl(null);
    renderAt('/manage-projects');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: 'Install on an organization' })).toBeNull();
  });

  it("shows the setup redirect's message until dismissed, then forgets it from the address", async () => {
    stubInstallUrl(INSTALL);
    const message =
      'The Fluxion GitHub App is installed on fluxion-labs: its boards are read with it from now on, items of private repositories included.';
    renderAt(`/manage-projects?github_app=installed&message=${encodeURIComponent(message)}`);
    expect(screen.getByRole('status').textContent).toBe(message);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/manage-projects');
  });

  it('confirms the installation the setup redirect names, as the signed-in user, and shows what came of it', async () => {
    const message = 'The Fluxion GitHub App is installed on fluxion-labs.';
    const calls: { url: string; method: string; body: string | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        calls.push({ url, method: init?.method ?? 'GET', body: (init?.body as string) ?? null });
        const answer = url.includes('/api/github-app/installations/')
          ? { result: 'installed', message }
          : { install_url: INSTALL };
        return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderAt('/manage-projects?github_app_installation=42');
    expect((await screen.findByRole('status')).textContent).toBe(message);
    const confirm = calls.filter((c) => c.url.includes('/api/github-app/installations/'));
    expect(confirm).toHaveLength(1);
    expect(confirm[0]?.method).toBe('POST');
    expect(JSON.parse(confirm[0]?.body ?? '{}')).toEqual({ installation_id: '42' });
    expect(screen.getByTestId('where').textContent).not.toContain('github_app_installation');
  });

  it('says a request or a failure as such, with its own words when the redirect has none', () => {
    stubInstallUrl(INSTALL);
    renderAt('/manage-projects?github_app=failed');
    expect(screen.getByRole('alert').textContent).toBe(
      'The Fluxion GitHub App could not be installed; try again.',
    );
    cleanup();
    renderAt('/manage-projects?github_app=requested&message=An%20owner%20has%20been%20asked.');
    expect(screen.getByRole('status').textContent).toBe('An owner has been asked.');
    cleanup();
    renderAt('/manage-projects?github_app=bogus&message=hi');
    expect(screen.queryByText('hi')).toBeNull();
  });
});
