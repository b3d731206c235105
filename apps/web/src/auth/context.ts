import type { Profile } from '@fluxion/contract';
import { createContext, useContext } from 'react';
import type { AuthState } from './machine.ts';

export type AuthContextValue = {
  state: AuthState;
  user: Profile | null;
  isAuthenticated: boolean;
  error: string | null;
  login: () => void;
  logout: () => Promise<void>;
  reloadProfile: () => void;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
