/** The query key of the project list. */
export const PROJECTS_KEY = ['projects'] as const;
