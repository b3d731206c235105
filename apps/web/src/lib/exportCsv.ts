import { csvText } from '@fluxion/contract';

/** A table as exported: the header names units and the time zone; rows hold the numbers shown. */
export type CsvTable = { header: string[]; rows: (string | number | null)[][] };

export { type ExportCalendar, exportCalendar } from '@fluxion/contract';

/** RFC 4180 text by the one CSV writer the server uses too: no cell is read as a formula. */
export function toCsv(table: CsvTable): string {
  return csvText(table.header, table.rows);
}

/** A file name for one export ("Vault migration lead time" → vault-migration-lead-time.csv). */
export function exportFileName(name: string, extension: 'csv' | 'json' | 'svg' | 'png'): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'export'}.${extension}`;
}
