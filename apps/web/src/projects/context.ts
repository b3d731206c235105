import type { Project } from '@fluxion/contract';
import { createContext, useContext } from 'react';

export type ProjectsContextValue = {
  projects: Project[];
  loading: boolean;
  selected: Project | null;
  select: (project: Project | null) => void;
  reload: () => Promise<void>;
};

export const ProjectsContext = createContext<ProjectsContextValue | null>(null);

export function useProjects(): ProjectsContextValue {
  const value = useContext(ProjectsContext);
  if (!value) throw new Error('useProjects must be used inside <ProjectsProvider>');
  return value;
}
