import type { ProjectFields } from '@fluxion/contract';
import { Button, FormControl, Select, TextInput } from '@primer/react';
import { P } from '../../policyTexts.ts';
import { T } from '../../texts.ts';
import styles from '../../components/FlowPolicies/FlowPolicies.module.css';

type BoardField = ProjectFields['fields'][number];

/** The board's single-select fields as the Edit dialog reads them from GitHub. */
export type BoardFieldsState =
  | { status: 'loaded'; fields: readonly BoardField[] }
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void };

/** The blocked field as chosen: its GitHub id when picked from the board, name and value ('' and '': none). */
export type BlockedFieldChoice = { id: string; name: string; value: string };

/**
 * The fields offered: the board's single-select fields but its workflow field (its options are the
 * columns), and the saved one as saved when GitHub no longer has it, so the form shows what is saved.
 */
export function blockedFieldOptions(
  fields: readonly BoardField[],
  workflowFieldId: string | null,
  saved: BlockedFieldChoice,
): { fields: BoardField[]; chosen: BoardField | null } {
  const offered = fields.filter((f) => f.id !== workflowFieldId);
  if (saved.name === '') return { fields: offered, chosen: null };
  const chosen =
    offered.find((f) => saved.id !== '' && f.id === saved.id) ??
    offered.find((f) => f.name === saved.name) ??
    null;
  if (chosen) return { fields: offered, chosen };
  const missing = { id: saved.id || `saved:${saved.name}`, name: saved.name, columns: [saved.value] };
  return { fields: [...offered, missing], chosen: missing };
}

type Props = {
  board: BoardFieldsState;
  workflowFieldId: string | null;
  choice: BlockedFieldChoice;
  onChange: (choice: BlockedFieldChoice) => void;
  /** The typed field while the board's fields cannot be read: both parts or neither. */
  invalid: boolean;
};

/**
 * The field whose value marks an item blocked (docs/metrics.md, "Blocked time"): a select of the board's
 * single-select fields, then of the chosen field's options. Typed instead only when GitHub cannot list
 * the fields, the form saying so.
 */
export function BlockedFieldSelect({ board, workflowFieldId, choice, onChange, invalid }: Props) {
  const t = P.form;
  if (board.status === 'failed') return <TypedBlockedField {...{ board, choice, onChange, invalid }} />;
  const loading = board.status === 'loading';
  const { fields, chosen } = blockedFieldOptions(loading ? [] : board.fields, workflowFieldId, choice);
  const pickField = (id: string) => {
    const field = fields.find((f) => f.id === id);
    // No option chosen for the team: on a field such as Blocked (No, Yes) the first would mark every item.
    onChange(field ? { id: field.id, name: field.name, value: '' } : NONE);
  };
  const pickValue = (value: string) => onChange({ id: chosen?.id ?? '', name: chosen?.name ?? '', value });
  const chosenValue = chosen?.columns.find((o) => o.toLowerCase() === choice.value.toLowerCase()) ?? '';
  return (
    <>
      <div className={styles.fields}>
        <FormControl disabled={loading}>
          <FormControl.Label>{t.blockedFieldName}</FormControl.Label>
          <Select value={chosen?.id ?? ''} onChange={(e) => pickField(e.target.value)}>
            <Select.Option value="">{loading ? T.projects.loadingFields : t.blockedFieldNone}</Select.Option>
            {fields.map((f) => (
              <Select.Option key={f.id} value={f.id}>{`${f.name} (${f.columns.join(', ')})`}</Select.Option>
            ))}
          </Select>
        </FormControl>
        <FormControl disabled={!chosen}>
          <FormControl.Label>{t.blockedFieldValue}</FormControl.Label>
          <Select
            value={chosenValue}
            onChange={(e) => pickValue(e.target.value)}
            validationStatus={chosen && chosenValue === '' ? 'error' : undefined}
          >
            <Select.Option value="">{t.blockedFieldChooseValue}</Select.Option>
            {(chosen?.columns ?? []).map((o) => (
              <Select.Option key={o} value={o}>
                {o}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
      </div>
      {!loading && fields.length === 0 && <div className={styles.caption}>{t.blockedFieldNoFields}</div>}
    </>
  );
}

const NONE: BlockedFieldChoice = { id: '', name: '', value: '' };

/** The fallback: the field's name and value typed, with why and a retry. */
function TypedBlockedField({
  board,
  choice,
  onChange,
  invalid,
}: Omit<Props, 'workflowFieldId' | 'board'> & { board: { retry: () => void } }) {
  const t = P.form;
  return (
    <>
      <div className={styles.fields}>
        <FormControl>
          <FormControl.Label>{t.blockedFieldName}</FormControl.Label>
          <TextInput
            value={choice.name}
            placeholder="Blocked"
            onChange={(e) => onChange({ ...choice, id: '', name: e.target.value })}
            validationStatus={invalid ? 'error' : undefined}
          />
        </FormControl>
        <FormControl>
          <FormControl.Label>{t.blockedFieldValue}</FormControl.Label>
          <TextInput
            value={choice.value}
            placeholder="Yes"
            onChange={(e) => onChange({ ...choice, value: e.target.value })}
            validationStatus={invalid ? 'error' : undefined}
          />
        </FormControl>
      </div>
      <div role="alert" className={styles.caption}>
        {t.blockedFieldsFailed}{' '}
        <Button size="small" variant="invisible" onClick={board.retry}>
          {T.states.retry}
        </Button>
      </div>
    </>
  );
}
