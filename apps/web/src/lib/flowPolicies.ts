import type { FlowResponse } from '@fluxion/contract';

export { sleAtRiskItems } from '@fluxion/contract';

/** Each limited column's state by name, for chart ticks and the Issues page. */
export function wipLimitsByColumn(data: Pick<FlowResponse, 'wip_limits'>) {
  return new Map((data.wip_limits ?? []).map((w) => [w.column, w]));
}

/** The form's text of a WIP limit ('' for none) and back: a whole number from 1, else no limit. */
export function wipLimitsFromForm(texts: Readonly<Record<string, string>>): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const [column, text] of Object.entries(texts)) {
    const n = Number(text.trim());
    if (text.trim() !== '' && Number.isInteger(n) && n >= 1) limits[column] = n;
  }
  return limits;
}

/** Whether every filled-in limit is a whole number from 1 to 999. */
export function wipLimitsValid(texts: Readonly<Record<string, string>>): boolean {
  return Object.values(texts).every((text) => {
    const n = Number(text.trim());
    return text.trim() === '' || (Number.isInteger(n) && n >= 1 && n <= 999);
  });
}
