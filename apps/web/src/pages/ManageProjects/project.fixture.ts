import type { Project } from '@fluxion/contract';

/** A tracked project with four columns, QA guessed productive, and the given chosen classification. */
export const webAppProject = (column_classification: Project['column_classification']): Project => ({
  project_id: 'PVT_1',
  title: 'Web app',
  full_name: 'acme/2',
  owner: 'acme',
  is_demo: false,
  iteration_length_days: 7,
  cycle_time_start_column: null,
  column_list: ['Todo', 'Doing', 'QA', 'Done'],
  column_classification,
  automatic_column_classification: { productive: ['Doing', 'QA'], waiting: ['Todo'] },
});
