import { AlertIcon } from '@primer/octicons-react';
import { Button, Flash } from '@primer/react';
import { Navigate, Outlet } from 'react-router';
import { Loading } from '../components/Loading.tsx';
import { T } from '../frameTexts.ts';
import { useAuth } from './context.ts';

/** Protected area: to /login when unauthenticated, 'Loading user data...' until the profile is in. */
export function RequireAuth() {
  const { state, login, reloadProfile } = useAuth();
  if (state.status === 'unauthenticated') return <Navigate to="/login" replace />;
  if (state.status === 'authenticated') return <Outlet />;
  if (!state.error) return <Loading text={T.auth.loadingUser} />;
  return (
    <Flash
      variant="danger"
      role="alert"
      style={{ display: 'flex', alignItems: 'center', gap: 'var(--base-size-12)' }}
    >
      <AlertIcon />
      <span style={{ flex: 1 }}>{state.error}</span>
      <Button onClick={reloadProfile}>{T.auth.retry}</Button>
      <Button onClick={login}>{T.auth.loginAgain}</Button>
    </Flash>
  );
}
