import type { FlowPolicies, Project } from '@fluxion/contract';
import { Checkbox, FormControl, TextInput } from '@primer/react';
import { wipLimitsFromForm, wipLimitsValid } from '../../lib/flowPolicies.ts';
import { P } from '../../policyTexts.ts';
import styles from '../../components/FlowPolicies/FlowPolicies.module.css';
import { BlockedFieldSelect, type BoardFieldsState } from './BlockedFieldSelect.tsx';
import { initialTypeSles, type TypeSleTexts, TypeSlesField, typeSlesFromTexts } from './TypeSlesField.tsx';

/** The form's state: texts as typed, so a half-typed number is not lost. */
export type PoliciesChoice = {
  proposedSle: boolean;
  percent: string;
  days: string;
  wip: Record<string, string>;
  blockedLabel: string;
  /** The board field whose value marks an item blocked too (its GitHub id when known), and that value ('' and '': none). */
  blockedFieldId: string;
  blockedFieldName: string;
  blockedFieldValue: string;
  /** Each issue type's own SLE as typed (TypeSlesField). */
  typeSles: TypeSleTexts;
};

const DEFAULT_SLE = { percent: 85, days: 10 };

export function initialPolicies(project: Project, boardTypes: readonly string[] = []): PoliciesChoice {
  const p = project.flow_policies;
  const columns = project.column_list.slice(0, -1);
  return {
    proposedSle: !p?.sle,
    percent: String(p?.sle?.percent ?? DEFAULT_SLE.percent),
    days: String(p?.sle?.days ?? DEFAULT_SLE.days),
    wip: Object.fromEntries(
      columns.map((c) => [c, p?.wip_limits[c] === undefined ? '' : String(p.wip_limits[c])]),
    ),
    blockedLabel: p?.blocked_label ?? 'blocked',
    blockedFieldId: p?.blocked_field?.field_id ?? '',
    blockedFieldName: p?.blocked_field?.name ?? '',
    blockedFieldValue: p?.blocked_field?.value ?? '',
    typeSles: initialTypeSles(p?.type_sles, boardTypes),
  };
}

const whole = (text: string, min: number, max: number) => {
  const n = Number(text.trim());
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The blocked field as typed: both parts or neither (null); undefined while only one is filled in. */
function blockedFieldOf(choice: PoliciesChoice): FlowPolicies['blocked_field'] | undefined {
  const name = choice.blockedFieldName.trim();
  const value = choice.blockedFieldValue.trim();
  if (name === '' && value === '') return null;
  return name === '' || value === '' ? undefined : { name, value };
}

/** The request's `flow_policies`, or null while a field is not valid (the dialog then cannot save). */
export function policiesRequest(choice: PoliciesChoice): FlowPolicies | null {
  const percent = whole(choice.percent, 50, 99);
  const days = whole(choice.days, 1, 365);
  if (!choice.proposedSle && (percent === null || days === null)) return null;
  if (!wipLimitsValid(choice.wip) || choice.blockedLabel.trim() === '') return null;
  const blockedField = blockedFieldOf(choice);
  if (blockedField === undefined) return null;
  const typeSles = typeSlesFromTexts(choice.typeSles);
  if (typeSles === null) return null;
  return {
    sle: choice.proposedSle || percent === null || days === null ? null : { percent, days },
    wip_limits: wipLimitsFromForm(choice.wip),
    blocked_label: choice.blockedLabel.trim(),
    blocked_field: blockedField,
    // Always sent: an emptied row takes that type's SLE away ({} takes them all).
    type_sles: typeSles,
  };
}

type Props = {
  choice: PoliciesChoice;
  onChange: (choice: PoliciesChoice) => void;
  /** The board's single-select fields, offered as the blocked field; the board's workflow field is not. */
  boardFields: BoardFieldsState;
  workflowFieldId: string | null;
};

/** The board's SLE, WIP limits per column and blocked label (docs/metrics.md), shared by its trackers. */
export function FlowPoliciesField({ choice, onChange, boardFields, workflowFieldId }: Props) {
  const set = (part: Partial<PoliciesChoice>) => onChange({ ...choice, ...part });
  const t = P.form;
  return (
    <fieldset
      className={styles.summary}
      data-testid="flow-policies-field"
      style={{ display: 'block', border: 0, padding: 0 }}
    >
      <legend style={{ fontWeight: 600 }}>{t.legend}</legend>
      <FormControl>
        <Checkbox checked={choice.proposedSle} onChange={(e) => set({ proposedSle: e.target.checked })} />
        <FormControl.Label>{t.sleProposed}</FormControl.Label>
      </FormControl>
      <div className={styles.fields}>
        <FormControl disabled={choice.proposedSle}>
          <FormControl.Label>{t.slePercent}</FormControl.Label>
          <TextInput
            inputMode="numeric"
            value={choice.percent}
            onChange={(e) => set({ percent: e.target.value })}
            validationStatus={
              !choice.proposedSle && whole(choice.percent, 50, 99) === null ? 'error' : undefined
            }
          />
        </FormControl>
        <FormControl disabled={choice.proposedSle}>
          <FormControl.Label>{t.sleDays}</FormControl.Label>
          <TextInput
            inputMode="numeric"
            value={choice.days}
            onChange={(e) => set({ days: e.target.value })}
            validationStatus={
              !choice.proposedSle && whole(choice.days, 1, 365) === null ? 'error' : undefined
            }
          />
        </FormControl>
      </div>
      <div className={styles.atRiskTitle}>{t.wipTitle}</div>
      <div className={styles.fields}>
        {Object.entries(choice.wip).map(([column, text]) => (
          <FormControl key={column}>
            <FormControl.Label>{t.wipLabel(column)}</FormControl.Label>
            <TextInput
              inputMode="numeric"
              value={text}
              onChange={(e) => set({ wip: { ...choice.wip, [column]: e.target.value } })}
              validationStatus={wipLimitsValid({ [column]: text }) ? undefined : 'error'}
            />
          </FormControl>
        ))}
      </div>
      <FormControl>
        <FormControl.Label>{t.blockedLabel}</FormControl.Label>
        <TextInput value={choice.blockedLabel} onChange={(e) => set({ blockedLabel: e.target.value })} />
        <FormControl.Caption>{t.blockedHelp}</FormControl.Caption>
      </FormControl>
      <div className={styles.caption}>{t.blockedFieldHelp}</div>
      <BlockedFieldSelect
        board={boardFields}
        workflowFieldId={workflowFieldId}
        choice={{ id: choice.blockedFieldId, name: choice.blockedFieldName, value: choice.blockedFieldValue }}
        onChange={(f) => set({ blockedFieldId: f.id, blockedFieldName: f.name, blockedFieldValue: f.value })}
        invalid={blockedFieldOf(choice) === undefined}
      />
      <TypeSlesField texts={choice.typeSles} onChange={(typeSles) => set({ typeSles })} />
    </fieldset>
  );
}
