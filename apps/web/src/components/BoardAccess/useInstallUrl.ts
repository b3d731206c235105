import { useQuery } from '@tanstack/react-query';
import { getGithubAppInstallUrl } from '../../api/githubApp.ts';

/**
 * The Fluxion GitHub App's install page, asked once per session: null when the server has no App (then
 * nothing offers to install it) or could not say; undefined while asked.
 */
export function useInstallUrl(enabled = true): string | null | undefined {
  const query = useQuery({
    queryKey: ['github-app-install-url'],
    queryFn: getGithubAppInstallUrl,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  if (query.isError) return null;
  return query.data;
}
