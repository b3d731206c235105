import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, jsonBody } from './json-body.ts';

describe('a cached JSON answer', () => {
  const value = { points: Array.from({ length: 500 }, (_, i) => ({ day: i, label: 'é' })) };

  it('is compressed once per encoding, and each decodes to the same JSON', () => {
    const body = jsonBody(value);
    const br = body.encoded('br');
    expect(body.encoded('br')).toBe(br);
    expect(JSON.parse(brotliDecompressSync(br).toString('utf8'))).toEqual(value);
    expect(JSON.parse(gunzipSync(body.encoded('gzip')).toString('utf8'))).toEqual(value);
    expect(body.bytes.toString('utf8')).toBe(JSON.stringify(value));
    expect(body.text).toBe(JSON.stringify(value));
    expect(body.byteLength).toBe(Buffer.byteLength(JSON.stringify(value)));
  });

  it('keeps the compressed bytes alone once compressed, and reads the plain ones back from them', () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const body = jsonBody(value);
      const compressed = body.encoded(encoding);
      expect(body.text).toBe(JSON.stringify(value));
      expect(body.encoded(encoding)).toBe(compressed);
      expect(JSON.parse(body.bytes.toString('utf8'))).toEqual(value);
    }
  });

  it('decodes to the same JSON when a megabyte or more (compressed faster, in a smaller window)', () => {
    const large = {
      items: Array.from({ length: 30_000 }, (_, i) => ({ id: `I_${i}`, title: 'Private item' })),
    };
    const body = jsonBody(large);
    expect(body.byteLength).toBeGreaterThan(1_000_000);
    expect(brotliDecompressSync(body.encoded('br')).toString('utf8')).toBe(JSON.stringify(large));
    expect(body.text).toBe(JSON.stringify(large));
  });

  it('is sent in brotli, else gzip, as the request accepts', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('gzip');
    expect(acceptedEncoding('deflate')).toBeNull();
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
