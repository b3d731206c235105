import type { Profile } from '@fluxion/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { confirmCheckoutSession } from '../../api/billing.ts';
import { useAuth } from '../../auth/context.ts';

export type CheckoutReturn =
  | { state: 'confirming' }
  | { state: 'activated' }
  /** Stripe has not completed the session within the asks below: the webhook will apply it. */
  | { state: 'pending' }
  | { state: 'failed'; message: string };

/**
 * When the server is asked again while Stripe has not completed the session: at 0, 1, 3, 7, 15 and 30 s,
 * then no more — six asks in 30 s (and one profile reload once confirmed), never a flood.
 */
export const CONFIRM_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

const isActive = (profile: Profile) => profile.is_active_user && profile.subscription_status === 'active';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Back from Stripe Checkout with `?session_id=`: Stripe redirects before its webhooks arrive, so the server is
 * asked to apply the session now, and again with backoff (CONFIRM_DELAYS_MS) while Stripe has not completed
 * it. Once confirmed, the profile is reloaded once. Without a session id or a session (signed out), the
 * webhooks do it.
 */
export function useCheckoutReturn(): CheckoutReturn {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { state, reloadProfile } = useAuth();
  const queryClient = useQueryClient();
  const [result, setResult] = useState<CheckoutReturn>({ state: 'confirming' });
  // The provider's reloadProfile may change with every auth state: read the latest, never re-run on it.
  const reload = useRef(reloadProfile);
  reload.current = reloadProfile;
  const authenticated = state.status === 'authenticated';
  // Asked once per session id and page: the reload after confirming changes the auth state, which must
  // not start the asking again.
  const started = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (sessionId === null || !authenticated || started.current === sessionId) return;
    started.current = sessionId;
    const ask = async () => {
      for (let attempt = 0; mounted.current; attempt++) {
        const profile = await confirmCheckoutSession(sessionId).catch((error: Error) => error);
        if (!mounted.current) return;
        if (profile instanceof Error) return setResult({ state: 'failed', message: profile.message });
        if (isActive(profile)) {
          queryClient.setQueryData(['me'], profile);
          reload.current();
          return setResult({ state: 'activated' });
        }
        const delay = CONFIRM_DELAYS_MS[attempt];
        if (delay === undefined) return setResult({ state: 'pending' });
        await wait(delay);
      }
    };
    void ask();
  }, [sessionId, authenticated, queryClient]);

  if (sessionId === null || state.status === 'unauthenticated') return { state: 'activated' };
  return result;
}
