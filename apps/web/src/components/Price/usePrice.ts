import type { BillingPrice } from '@fluxion/contract';
import { useQuery } from '@tanstack/react-query';
import { getPrice } from '../../api/billing.ts';

/** Stripe's Price, as the server reads and caches it; null while loading or when billing is off. */
export function usePrice(): BillingPrice | null {
  const price = useQuery({ queryKey: ['price'], queryFn: getPrice, staleTime: 10 * 60_000, retry: false });
  return price.data ?? null;
}
