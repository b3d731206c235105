import { type RawIterationField, toIterationFields } from './iteration-fields.ts';
import type { GithubBoardFields, GithubColumn } from './types.ts';

type RawField = ({ id?: string; name?: string; options?: GithubColumn[] } & RawIterationField) | null;
type RawView = { layout?: string; verticalGroupByFields?: { nodes: RawField[] } | null } | null;
export type RawBoardFields = { fields?: { nodes: RawField[] } | null; views?: { nodes: RawView[] } | null };

/** The single-select fields of a `PROJECT_FIELDS` answer (other fields come back as empty objects). */
export function toBoardFields(raw: RawBoardFields): GithubBoardFields {
  const fields = (raw.fields?.nodes ?? []).flatMap((f) =>
    f?.id && f.name && f.options ? [{ id: f.id, name: f.name, options: f.options }] : [],
  );
  const boardView = (raw.views?.nodes ?? []).find((v) => v?.layout === 'BOARD_LAYOUT');
  return {
    fields,
    boardColumnFieldId: boardView?.verticalGroupByFields?.nodes[0]?.id ?? null,
    iterationFields: toIterationFields(raw.fields?.nodes ?? []),
  };
}
