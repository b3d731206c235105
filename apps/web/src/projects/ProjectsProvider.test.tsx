import type { Profile, Project } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../auth/context.ts';
import { useProjects } from './context.ts';
import { ProjectsProvider } from './ProjectsProvider.tsx';
import { useDemoSelection } from './useDemoSelection.ts';
import { useProjectParam } from './useProjectParam.ts';

const project = (id: string, is_demo = false): Project => ({
  project_id: id,
  title: id,
  full_name: `o/${id}`,
  owner: 'o',
  is_demo,
  iteration_length_days: 7,
  cycle_time_start_column: null,
  column_list: [],
  column_classification: null,
  automatic_column_classification: { productive: [], waiting: [] },
});

const user = {
  username: 'octo-alice',
  avatar_url: null,
  subscription_status: 'trial',
  subscription_end: null,
  is_active_user: true,
  cancel_at_period_end: false,
} as unknown as Profile;

function auth(isAuthenticated: boolean): AuthContextValue {
  const state = isAuthenticated
    ? ({ status: 'authenticated', user } as const)
    : ({ status: 'unauthenticated', error: null } as const);
  return {
    state,
    user: isAuthenticated ? user : null,
    isAuthenticated,
    error: null,
    login: vi.fn(),
    logout: vi.fn(),
    reloadProfile: vi.fn(),
  };
}

function Probe() {
  const { projects, loading, selected, carry } = useProjects();
  const location = useLocation();
  return (
    <>
      <span data-testid="carry">{carry}</span>
      <span data-testid="p">{`${loading}|${projects.map((p) => p.project_id).join(',')}|${selected?.project_id ?? 'none'}`}</span>
      <span data-testid="url">{`${location.pathname}${location.search}`}</span>
    </>
  );
}
/** The probe, a hook that selects from the address, and a button that picks the first project. */
function pickingProbe(useSelection: () => void) {
  return function PickingProbe() {
    useSelection();
    const { projects, select } = useProjects();
    return (
      <>
        <Probe />
        <button type="button" onClick={() => select(projects[0] ?? null)}>
          pick first
        </button>
        <BackButton />
      </>
    );
  };
}
const DemoProbe = pickingProbe(useDemoSelection);
const ParamProbe = pickingProbe(useProjectParam);
const BothProbe = pickingProbe(() => {
  useDemoSelection();
  useProjectParam();
});

/**
 * Until everything already started has finished: the stubbed fetches resolve at once, so after one pass
 * of the event loop inside `act` every answer, effect and re-render that would follow has happened.
 */
async function settled() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** The address bar's back button. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      back
    </button>
  );
}

/** `url`, or a history of addresses whose last is the page shown. */
function setup(isAuthenticated: boolean, url: string | string[], child: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const entries = typeof url === 'string' ? [url] : url;
  const view = (authed: boolean) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <AuthContext.Provider value={auth(authed)}>
          <ProjectsProvider>{child}</ProjectsProvider>
        </AuthContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(view(isAuthenticated));
  return { rerender: (authed: boolean) => result.rerender(view(authed)) };
}

describe('ProjectsProvider', () => {
  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('loads projects when authenticated, selection starts as none, cleared on sign-out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('d', true)]))),
    );
    const { rerender } = setup(true, '/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,d|none'));
    rerender(false);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false||none'));
  });

  it('waits for the profile: no call while a sign-in is being taken over (no token yet)', async () => {
    const fetcher = vi.fn(async () => new Response('[]'));
    vi.stubGlobal('fetch', fetcher);
    const client = new QueryClient();
    const loading = { ...auth(true), state: { status: 'loadingUser', error: null }, user: null } as const;
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <AuthContext.Provider value={loading}>
            <ProjectsProvider>
              <Probe />
            </ProjectsProvider>
          </AuthContext.Provider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await settled();
    expect(fetcher).not.toHaveBeenCalled();
    expect(screen.getByTestId('p').textContent).toBe('true||none');
  });

  it('a failing project list yields an empty list', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    setup(true, '/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false||none'));
  });

  it('?demo=1 selects the demo project once; picking another one afterwards stays picked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('d', true)]))),
    );
    setup(true, '/lead-time?demo=1', <DemoProbe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,d|d'));
    // Another project picked while ?demo=1 is still in the address stays picked.
    screen.getByRole('button', { name: 'pick first' }).click();
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,d|a'));
    await settled();
    expect(screen.getByTestId('p').textContent).toBe('false|a,d|a');
  });

  it('?project= selects that project once; picking another one afterwards stays picked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('b'), project('d', true)]))),
    );
    setup(true, '/issues-in-columns?project=b&column=Doing', <ParamProbe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,b,d|b'));
    screen.getByRole('button', { name: 'pick first' }).click();
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,b,d|a'));
  });

  it('an explicit ?project= wins over ?demo=1', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('d', true)]))),
    );
    setup(true, '/lead-time?demo=1&project=a', <BothProbe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,d|a'));
    await settled();
    expect(screen.getByTestId('p').textContent).toBe('false|a,d|a');
  });

  it('a choice on an analysis page is written to the address; ?demo=1 gives way to it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('d', true)]))),
    );
    setup(true, '/flow?demo=1&days=60', <BothProbe />);
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/flow?days=60&project=d'));
    screen.getByRole('button', { name: 'pick first' }).click();
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/flow?days=60&project=a'));
    expect(screen.getByTestId('p').textContent).toBe('false|a,d|a');
  });

  it('writing the choice into an address without one replaces it: back leaves the page, it is no trap', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('d', true)]))),
    );
    sessionStorage.setItem('fluxion.chosen-board', 'a');
    for (const page of ['/flow?demo=1', '/lead-time']) {
      setup(true, ['/manage-projects', page], <BothProbe />);
      await waitFor(() => expect(screen.getByTestId('url').textContent).toMatch(/project=[ad]$/));
      await settled();
      screen.getByRole('button', { name: 'back' }).click();
      await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/manage-projects'));
      await settled();
      expect(screen.getByTestId('url').textContent).toBe('/manage-projects');
      cleanup();
    }
  });

  it('the choice and its filter are carried to the next page, and kept for the visit (reload)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('b'), project('d', true)]))),
    );
    setup(true, '/time-in-state?project=b&days=60&label=bug&from=2026-01-01', <ParamProbe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,b,d|b'));
    expect(screen.getByTestId('carry').textContent).toBe('?project=b&label=bug&from=2026-01-01');
    cleanup();
    // The app opened again in the same tab, on Home: the board and its filter are still chosen.
    setup(true, '/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,b,d|b'));
    expect(screen.getByTestId('carry').textContent).toBe('?project=b&label=bug&from=2026-01-01');
    cleanup();
    // An analysis page reached without ?project= opens on it.
    setup(true, '/flow', <ParamProbe />);
    await waitFor(() => expect(screen.getByTestId('url').textContent).toBe('/flow?project=b'));
  });

  it('signing out forgets the choice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a'), project('b')]))),
    );
    const { rerender } = setup(true, '/lead-time?project=b', <Probe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,b|b'));
    rerender(false);
    await waitFor(() => expect(screen.getByTestId('carry').textContent).toBe(''));
    cleanup();
    setup(true, '/', <Probe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a,b|none'));
  });

  it('?project= naming a project not in the list selects nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([project('a')]))),
    );
    setup(true, '/flow?project=zzz', <ParamProbe />);
    await waitFor(() => expect(screen.getByTestId('p').textContent).toBe('false|a|none'));
  });
});
