import type { Profile } from '@fluxion/contract';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SessionExpiredError } from '../api/errors.ts';
import { api, tokenStore } from '../api/instance.ts';
import { AuthContext, type AuthContextValue } from './context.ts';
import { readStartupInput, runEffects } from './effects.ts';
import { takeHandoffOnce } from './handoff.ts';
import {
  type AuthState,
  handoffFailed,
  loggedOut,
  loginStarted,
  logoutRequest,
  profileFailed,
  profileLoaded,
  sessionExpired,
  startup,
  type Transition,
} from './machine.ts';

async function fetchProfile(): Promise<Transition> {
  try {
    const response = await api.request('/api/me/');
    if (response.ok) return profileLoaded((await response.json()) as Profile);
    return profileFailed({ kind: 'status', status: response.status });
  } catch (error) {
    if (error instanceof SessionExpiredError) return profileFailed({ kind: 'status', status: 401 });
    return profileFailed({ kind: 'network' });
  }
}

/** The user's profile, after taking over the sign-in the OAuth callback just handed off, if any. */
async function loadUser(handoff: { current: boolean }): Promise<Transition> {
  if (handoff.current) {
    const tokens = await takeHandoffOnce();
    handoff.current = false;
    if (tokens) tokenStore.save(tokens);
    else if (!tokenStore.getRefresh()) return handoffFailed();
  }
  return fetchProfile();
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [initial] = useState(() => {
    const transition = startup(readStartupInput(tokenStore));
    runEffects(transition.effects, tokenStore, (path) => window.history.replaceState(null, '', path));
    return transition;
  });
  const [state, setState] = useState<AuthState>(initial.state);
  const handoff = useRef(initial.handoff);
  const [profileRequest, setProfileRequest] = useState(0);

  const apply = useCallback(
    (transition: Transition) => {
      runEffects(transition.effects, tokenStore, (path) => navigate(path, { replace: true }));
      setState(transition.state);
    },
    [navigate],
  );

  useEffect(() => {
    api.setSessionExpiredHandler(() => apply(sessionExpired()));
  }, [apply]);

  const loadingUser = state.status === 'loadingUser' && state.error === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: profileRequest re-runs the fetch on demand
  useEffect(() => {
    if (!loadingUser) return;
    let live = true;
    void loadUser(handoff).then((transition) => live && apply(transition));
    return () => {
      live = false;
    };
  }, [loadingUser, profileRequest, apply]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      user: state.status === 'authenticated' ? state.user : null,
      isAuthenticated: state.status !== 'unauthenticated',
      error: state.status === 'authenticated' ? null : state.error,
      login: () => apply(loginStarted()),
      logout: async () => {
        const init = logoutRequest(tokenStore.getAccess(), tokenStore.getRefresh());
        await window.fetch('/api/logout/', init).catch(() => undefined);
        apply(loggedOut());
      },
      reloadProfile: () => {
        setState({ status: 'loadingUser', error: null });
        setProfileRequest((n) => n + 1);
      },
    }),
    [state, apply],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
