import { stringify } from 'csv-stringify/browser/esm/sync';

/** A table as exported: the header names units and the time zone; rows hold the numbers shown. */
export type CsvTable = { header: string[]; rows: (string | number | null)[][] };

export { type ExportCalendar, exportCalendar } from '@fluxion/contract';

/** RFC 4180 text; cells a spreadsheet would run as a formula get a leading apostrophe. */
export function toCsv(table: CsvTable): string {
  const rows = table.rows.map((row) => row.map((cell) => cell ?? ''));
  return stringify([table.header, ...rows], { escape_formulas: true });
}

/** A file name for one export ("Vault migration lead time" → vault-migration-lead-time.csv). */
export function exportFileName(name: string, extension: 'csv' | 'svg' | 'png'): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'export'}.${extension}`;
}
