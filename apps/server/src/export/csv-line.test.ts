import { describe, expect, it } from 'vitest';
import { csvLine } from './csv-line.ts';
import { csvStream, itemRecords, itemsCsvHeader } from './items-csv.ts';

describe('CSV records', () => {
  it('quotes commas, quotes and line breaks, and leaves the rest as it is', () => {
    expect(csvLine(['a', 'b, c', 'say "hi"', 'two\nlines', 1.5, null, ''])).toBe(
      'a,"b, c","say ""hi""","two\nlines",1.5,,\n',
    );
  });

  it('never writes a formula: =, +, -, @ at the start get an apostrophe; numbers stay numbers', () => {
    expect(csvLine(['=SUM(A1)', '+1', '-x', '@cmd', '=HYPERLINK("u","t")', -3])).toBe(
      `'=SUM(A1),'+1,'-x,'@cmd,"'=HYPERLINK(""u"",""t"")",-3\n`,
    );
  });

  it('streams a header and one record per item in chunks, whatever the number of items', async () => {
    const item = { number: 7, title: 'T', url: null, milestone: null, labels: ['a', 'b'], column: 'Done' };
    const items = Array.from({ length: 2500 }, (_, n) => ({ ...item, id: `I${n}`, enteredColumnAt: 0 }));
    const chunks: string[] = [];
    for await (const chunk of csvStream(itemsCsvHeader('UTC'), itemRecords(items, 2 * 86_400_000)))
      chunks.push(String(chunk));
    expect(chunks.length).toBeGreaterThan(3);
    const lines = chunks.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2501);
    expect(lines[1]).toBe('I0,7,T,,Done,1970-01-01T00:00:00.000Z,2,,a; b');
    expect(lines[2500]).toMatch(/^I2499,/);
  });
});
