import type { FlowPolicies } from '@fluxion/contract';
import { FormControl, TextInput } from '@primer/react';
import { P } from '../../policyTexts.ts';
import styles from '../../components/FlowPolicies/FlowPolicies.module.css';

/** Each issue type's SLE as typed: days '' means none (the board's SLE applies). */
export type TypeSleTexts = Record<string, { percent: string; days: string }>;

const DEFAULT_PERCENT = '85';

const whole = (text: string, min: number, max: number) => {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/** The saved type SLEs as texts, with a blank row for each of the board's other types. */
export function initialTypeSles(
  saved: FlowPolicies['type_sles'],
  boardTypes: readonly string[],
): TypeSleTexts {
  const texts: TypeSleTexts = {};
  for (const [type, sle] of Object.entries(saved ?? {}))
    texts[type] = { percent: String(sle.percent), days: String(sle.days) };
  for (const type of boardTypes) texts[type] ??= { percent: DEFAULT_PERCENT, days: '' };
  return texts;
}

/** Adds blank rows for types the board has that the texts lack (the types load after the dialog opens). */
export function withBoardTypes(texts: TypeSleTexts, boardTypes: readonly string[]): TypeSleTexts {
  if (boardTypes.every((type) => type in texts)) return texts;
  return initialTypeSles(typeSlesFromTexts(texts) ?? {}, [...Object.keys(texts), ...boardTypes]);
}

const rowValid = ({ percent, days }: { percent: string; days: string }) =>
  days.trim() === '' || (whole(days, 1, 365) !== null && whole(percent, 50, 99) !== null);

/** The request's `type_sles` (every type with days), or null while a row is not valid. */
export function typeSlesFromTexts(texts: TypeSleTexts): NonNullable<FlowPolicies['type_sles']> | null {
  const sles: NonNullable<FlowPolicies['type_sles']> = {};
  for (const [type, row] of Object.entries(texts)) {
    if (!rowValid(row)) return null;
    const days = whole(row.days, 1, 365);
    const percent = whole(row.percent, 50, 99);
    if (days !== null && percent !== null) sles[type] = { percent, days };
  }
  return sles;
}

type Props = { texts: TypeSleTexts; onChange: (texts: TypeSleTexts) => void };

/**
 * Per issue type, its own SLE (docs/metrics.md, "Breakdown by type"): a bug may be expected in days and a
 * feature in weeks. Days left empty: the type has none, and the board's SLE applies to it.
 */
export function TypeSlesField({ texts, onChange }: Props) {
  const types = Object.keys(texts).sort((a, b) => a.localeCompare(b));
  const t = P.form;
  if (types.length === 0) return <div className={styles.caption}>{t.typeSlesNone}</div>;
  const set = (type: string, part: Partial<TypeSleTexts[string]>) =>
    onChange({ ...texts, [type]: { ...(texts[type] ?? { percent: DEFAULT_PERCENT, days: '' }), ...part } });
  return (
    <div data-testid="type-sles-field">
      <div className={styles.atRiskTitle}>{t.typeSlesTitle}</div>
      <div className={styles.caption}>{t.typeSlesHelp}</div>
      {types.map((type) => {
        const row = texts[type] ?? { percent: DEFAULT_PERCENT, days: '' };
        const invalid = !rowValid(row);
        return (
          <div key={type} className={styles.fields} data-testid="type-sle-row">
            <FormControl>
              <FormControl.Label>{t.typeSlePercent(type)}</FormControl.Label>
              <TextInput
                inputMode="numeric"
                value={row.percent}
                onChange={(e) => set(type, { percent: e.target.value })}
                validationStatus={invalid && whole(row.percent, 50, 99) === null ? 'error' : undefined}
              />
            </FormControl>
            <FormControl>
              <FormControl.Label>{t.typeSleDays(type)}</FormControl.Label>
              <TextInput
                inputMode="numeric"
                value={row.days}
                placeholder={t.typeSleNoDays}
                onChange={(e) => set(type, { days: e.target.value })}
                validationStatus={invalid && whole(row.days, 1, 365) === null ? 'error' : undefined}
              />
            </FormControl>
          </div>
        );
      })}
    </div>
  );
}
