import type { Profile } from '@fluxion/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { confirmCheckoutSession } from '../../api/billing.ts';
import { useAuth } from '../../auth/context.ts';

export type CheckoutReturn =
  | { state: 'confirming' }
  | { state: 'activated' }
  /** Stripe has not completed the session (yet): the webhook will apply it. */
  | { state: 'pending' }
  | { state: 'failed'; message: string };

const isActive = (profile: Profile) => profile.is_active_user && profile.subscription_status === 'active';

/**
 * Back from Stripe Checkout with `?session_id=`: Stripe redirects before its webhooks arrive, so the server is
 * asked to apply the session now. Without a session id or a session (signed out), the webhooks do it.
 */
export function useCheckoutReturn(): CheckoutReturn {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { state, reloadProfile } = useAuth();
  const queryClient = useQueryClient();
  const confirm = useQuery({
    queryKey: ['confirm-checkout', sessionId],
    queryFn: () => confirmCheckoutSession(sessionId ?? ''),
    enabled: sessionId !== null && state.status === 'authenticated',
    staleTime: Number.POSITIVE_INFINITY,
  });
  const profile = confirm.data;
  useEffect(() => {
    if (!profile) return;
    queryClient.setQueryData(['me'], profile);
    reloadProfile();
  }, [profile, queryClient, reloadProfile]);

  if (sessionId === null || state.status === 'unauthenticated') return { state: 'activated' };
  if (confirm.isError) return { state: 'failed', message: (confirm.error as Error).message };
  if (!profile) return { state: 'confirming' };
  return isActive(profile) ? { state: 'activated' } : { state: 'pending' };
}
