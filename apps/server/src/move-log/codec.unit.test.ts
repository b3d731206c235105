import { type CodedRows, TransitionColumnsBuilder } from '@fluxion/flow';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeSegment, encodeSegment, SegmentFormatError } from './codec.ts';

/** Coded rows as a builder makes them: after `before` rows, the rows of `rows`. */
function coded(before: [string, string | null, string | null, number][], rows: typeof before): CodedRows {
  const builder = new TransitionColumnsBuilder();
  for (const [item, from, to, at] of before) builder.append(item, from, to, at);
  const mark = builder.mark();
  for (const [item, from, to, at] of rows) builder.append(item, from, to, at);
  return builder.codedSince(mark);
}

const row = fc.tuple(
  fc.string({ maxLength: 12 }),
  fc.option(fc.string({ maxLength: 8 })),
  fc.option(fc.string({ maxLength: 8 })),
  fc.oneof(fc.integer({ min: 0, max: 2 ** 45 }), fc.double()),
);

const plain = (rows: CodedRows) => ({
  ...rows,
  item: [...rows.item],
  at: [...rows.at],
  from: [...rows.from],
  to: [...rows.to],
});

describe('segment bytes', () => {
  it('decode what was encoded, whatever the ids, names and times (unicode, NaN, nulls)', () => {
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), fc.array(row, { maxLength: 40 }), (before, rows) => {
        const original = coded(before, rows);
        // A driver hands the blob back at an offset that need not be aligned.
        const bytes = encodeSegment(original);
        const shifted = new Uint8Array(bytes.length + 3);
        shifted.set(bytes, 3);
        expect(plain(decodeSegment(shifted.subarray(3)))).toEqual(plain(original));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses bytes that are not a whole segment', () => {
    const bytes = encodeSegment(coded([['a', null, 'Todo', 1]], [['b', 'Todo', 'Doing', 2]]));
    const refused = (b: Uint8Array) => expect(() => decodeSegment(b)).toThrow(SegmentFormatError);
    refused(bytes.subarray(0, 10));
    refused(bytes.subarray(0, bytes.length - 4));
    refused(Buffer.concat([bytes, Buffer.alloc(8)]));
    const foreign = Buffer.from(bytes);
    foreign.writeUInt32BE(0x31535846, 0);
    refused(foreign);
    const badDictionary = Buffer.from(bytes);
    badDictionary[24] = 0x7b + 1; // the dictionary's opening brace
    refused(badDictionary);
    const notStrings = encodeSegment({
      ...coded([], [['a', null, 'Todo', 1]]),
      newItemIds: [1 as unknown as string],
    });
    refused(notStrings);
  });
});
