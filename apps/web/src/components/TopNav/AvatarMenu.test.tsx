import type { Profile } from '@fluxion/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../auth/context.ts';
import { AvatarMenu } from './AvatarMenu.tsx';

/** The menu's code is a lazy chunk: on a busy CI machine it arrives after findBy's default second. */
const LAZY = { timeout: 10_000 };

const user: Profile = {
  username: 'octocat',
  avatar_url: null,
  subscription_status: 'trial',
  subscription_end: null,
  is_active_user: true,
  cancel_at_period_end: false,
};

function renderMenu(logout = vi.fn(async () => undefined)) {
  const auth: AuthContextValue = {
    state: { status: 'authenticated', user },
    user,
    isAuthenticated: true,
    error: null,
    login: vi.fn(),
    logout,
    reloadProfile: vi.fn(),
  };
  render(
    <AuthContext.Provider value={auth}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<AvatarMenu user={user} />} />
          <Route path="/account" element={<p>Account page</p>} />
          <Route path="/manage-projects" element={<p>Projects page</p>} />
        </Routes>
      </MemoryRouter>
    </AuthContext.Provider>,
  );
  return { logout };
}

describe('the user menu (its code loads after the first render)', () => {
  beforeEach(() => {
    // jsdom has no matchMedia; Primer's ActionMenu asks it for its responsive width.
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    return () => vi.unstubAllGlobals();
  });

  it('opens on a click that comes before its code, and leads to the account page', async () => {
    renderMenu();
    // The stand-in button, drawn before the menu's code is there.
    await userEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Account' }, LAZY));
    expect(await screen.findByText('Account page')).toBeTruthy();
  });

  it('leads to Manage Projects (not only the selector does)', async () => {
    renderMenu();
    await userEvent.click(await screen.findByRole('button', { name: 'Open user menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Projects' }, LAZY));
    expect(await screen.findByText('Projects page')).toBeTruthy();
  });

  it('opens and closes once loaded, and logs out', async () => {
    const { logout } = renderMenu();
    const button = await screen.findByRole('button', { name: 'Open user menu', expanded: false });
    await userEvent.click(button);
    expect(await screen.findByText('octocat')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menuitem', { name: 'Logout' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open user menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }, LAZY));
    expect(logout).toHaveBeenCalledOnce();
  });
});
