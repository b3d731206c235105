import { describe, expect, it } from 'vitest';
import { csvLine, csvText } from './csv.ts';

/** The cells a spreadsheet splitting lines on `separator` (quotes respected) would show. */
function cellsAsRead(line: string, separator: ',' | ';'): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      cell += char;
    } else if (char === '"' && atStart) {
      quoted = true;
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
    atStart = !quoted && char === separator;
  }
  cells.push(cell);
  return cells;
}

const FORMULA = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/;

describe('CSV records', () => {
  it('quotes commas, semicolons, quotes and line breaks, and leaves the rest as it is', () => {
    expect(csvLine(['a', 'b, c', 'say "hi"', 'two\nlines', 'x;y', 1.5, null, ''])).toBe(
      'a,"b, c","say ""hi""","two\nlines","x;y",1.5,,\n',
    );
  });

  it('never writes a formula: =, +, -, @ at the start get an apostrophe; numbers stay numbers', () => {
    expect(csvLine(['=SUM(A1)', '+1', '-x', '@cmd', '=HYPERLINK("u","t")', -3])).toBe(
      `'=SUM(A1),'+1,'-x,'@cmd,"'=HYPERLINK(""u"",""t"")",-3\n`,
    );
  });

  it('neutralises a formula after blanks, in full-width form, or after a semicolon', () => {
    expect(csvLine([' =1+1', '\uFF1D1+1', '\t=1', "x;=cmd|' /C calc'!A0;"])).toBe(
      `' =1+1,'\uFF1D1+1,"'\t=1","x;'=cmd|' /C calc'!A0;"\n`,
    );
  });

  it('lets no cell start a formula under either separator, wherever it stands in the line', () => {
    const nasty = [
      "=cmd|' /C calc'!A0",
      ";=cmd|' /C calc'!A0;",
      'a;+1;-2;@3',
      ' \uFF0B1',
      '\u3000=1',
      '"=1";=2',
      'a,=1',
      'ok',
    ];
    for (const first of ['plain', ...nasty]) {
      for (const cell of nasty) {
        const line = csvLine([first, cell, 'tail']).trimEnd();
        for (const separator of [',', ';'] as const) {
          for (const read of cellsAsRead(line, separator))
            expect(read, `${line} (${separator})`).not.toMatch(FORMULA);
        }
      }
    }
  });

  it('writes a table as its header and rows', () => {
    expect(
      csvText(
        ['Title', 'Days'],
        [
          ['a', 1],
          ['b', null],
        ],
      ),
    ).toBe('Title,Days\na,1\nb,\n');
  });
});
