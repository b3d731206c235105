import type { Profile } from '@fluxion/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from './auth/context.ts';
import { ProjectsContext, type ProjectsContextValue } from './projects/context.ts';
import { AppRoutes } from './routes.tsx';

const user: Profile = {
  username: 'octocat',
  avatar_url: null,
  subscription_status: 'trial',
  subscription_end: null,
  is_active_user: true,
  cancel_at_period_end: false,
};

function auth(signedIn: boolean): AuthContextValue {
  return {
    state: signedIn ? { status: 'authenticated', user } : { status: 'unauthenticated', error: null },
    user: signedIn ? user : null,
    isAuthenticated: signedIn,
    error: null,
    login: vi.fn(),
    logout: vi.fn(async () => undefined),
    reloadProfile: vi.fn(),
  };
}

const projects: ProjectsContextValue = {
  projects: [],
  loading: true,
  selected: null,
  select: vi.fn(),
  reload: vi.fn(async () => undefined),
};

function renderAt(path: string, signedIn: boolean) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AuthContext.Provider value={auth(signedIn)}>
        <ProjectsContext.Provider value={projects}>
          <MemoryRouter initialEntries={[path]}>
            <AppRoutes />
          </MemoryRouter>
        </ProjectsContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

describe('pages load their code on first visit', () => {
  beforeEach(() => {
    // jsdom has no matchMedia; Primer's Spinner asks it about reduced motion.
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    return () => vi.unstubAllGlobals();
  });

  it('signed out: the sign-in page, after a loading state', async () => {
    renderAt('/lead-time', false);
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    expect(await screen.findByRole('heading', { name: 'Sign in to Fluxion Analytics' })).toBeTruthy();
  });

  it('signed in: Home, saying it loads the projects while they load', async () => {
    renderAt('/', true);
    expect(await screen.findByRole('heading', { name: 'Welcome to Fluxion Analytics' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading projects…');
  });
});
