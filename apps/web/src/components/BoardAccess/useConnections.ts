import { useQuery } from '@tanstack/react-query';
import { getGithubConnections } from '../../api/githubApp.ts';

export const CONNECTIONS_KEY = ['github-connections'];

/** The user's GitHub connections (GET /api/github/connections/); undefined while asked or when it failed. */
export function useConnections() {
  return useQuery({ queryKey: CONNECTIONS_KEY, queryFn: getGithubConnections, retry: false }).data;
}
