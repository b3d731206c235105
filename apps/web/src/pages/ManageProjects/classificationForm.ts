import type { ColumnClassification, Project } from '@fluxion/contract';

export type ColumnKind = 'productive' | 'waiting';

/** The Edit dialog's classification: automatic (from the names) until the user picks a kind. */
export type ClassificationChoice = { custom: boolean; kinds: Readonly<Record<string, ColumnKind>> };

export type ClassificationRow = { column: string; kind: ColumnKind | 'done' };

/** Columns before done (the last column); the classification never covers done. */
const openColumns = (project: Project) => project.column_list.slice(0, -1);

function kindsFrom(project: Project, lists: ColumnClassification | null): Record<string, ColumnKind> {
  const automatic = project.automatic_column_classification;
  const kinds: Record<string, ColumnKind> = {};
  for (const column of openColumns(project)) {
    if (lists?.productive.includes(column)) kinds[column] = 'productive';
    else if (lists?.waiting.includes(column)) kinds[column] = 'waiting';
    else kinds[column] = automatic.waiting.includes(column) ? 'waiting' : 'productive';
  }
  return kinds;
}

export const initialChoice = (project: Project): ClassificationChoice => ({
  custom: project.column_classification !== null,
  kinds: kindsFrom(project, project.column_classification),
});

export const automaticChoice = (project: Project): ClassificationChoice => ({
  custom: false,
  kinds: kindsFrom(project, null),
});

export const chooseKind = (choice: ClassificationChoice, column: string, kind: ColumnKind) => ({
  custom: true,
  kinds: { ...choice.kinds, [column]: kind },
});

/** Every column in board order with its kind; the last one is done, whatever the choice. */
export function classificationRows(project: Project, choice: ClassificationChoice): ClassificationRow[] {
  const last = project.column_list.length - 1;
  return project.column_list.map((column, i) =>
    i === last ? { column, kind: 'done' } : { column, kind: choice.kinds[column] ?? 'productive' },
  );
}

/** The request's `column_classification`: null when automatic, else every column before done. */
export function classificationRequest(
  project: Project,
  choice: ClassificationChoice,
): ColumnClassification | null {
  if (!choice.custom) return null;
  const columns = openColumns(project);
  return {
    productive: columns.filter((c) => choice.kinds[c] === 'productive'),
    waiting: columns.filter((c) => choice.kinds[c] === 'waiting'),
  };
}
