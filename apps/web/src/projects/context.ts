import type { Project } from '@fluxion/contract';
import { createContext, useContext } from 'react';

export type ProjectsContextValue = {
  projects: Project[];
  loading: boolean;
  selected: Project | null;
  select: (project: Project | null) => void;
  reload: () => Promise<void>;
  /** Why the list could not be read (none was read before): `projects` is then empty, not "no projects". */
  loadError?: unknown;
  /** The list is being read again (after `reload`). */
  reloading?: boolean;
  /** `?project=…&<filter>` for links to an analysis: the chosen board and its filter go along. */
  carry?: string;
};

export const ProjectsContext = createContext<ProjectsContextValue | null>(null);

export function useProjects(): ProjectsContextValue {
  const value = useContext(ProjectsContext);
  if (!value) throw new Error('useProjects must be used inside <ProjectsProvider>');
  return value;
}
