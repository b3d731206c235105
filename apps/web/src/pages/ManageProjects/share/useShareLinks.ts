import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/instance.ts';
import type { ShareRequest } from './shareRequest.ts';

const SHARE_LINKS_KEY = ['share-links'] as const;

/** The user's share links, and creating or revoking one (the list is read again after each). */
export function useShareLinks() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SHARE_LINKS_KEY });
  const list = useQuery({ queryKey: SHARE_LINKS_KEY, queryFn: () => api.call('listShareLinks', {}) });
  const create = useMutation({
    mutationFn: (body: ShareRequest) => api.call('createShareLink', { body }),
    onSuccess: refresh,
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.call('revokeShareLink', { params: { id } }),
    onSuccess: refresh,
  });
  return { list, create, revoke };
}
