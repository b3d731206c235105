import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this size an answer goes out as it is (as @fastify/compress's threshold, app.ts). */
const COMPRESS_FROM_BYTES = 1024;
/** Brotli at a low quality, as app.ts gives @fastify/compress: nearly gzip's speed, smaller output. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
/**
 * From this size, quality 1 in a 64 KB window: the Flow report of a 100,000-issue board is 4 MB of JSON
 * (its aging items), which quality 4 took 51-75 ms of CPU to compress to 340 KB, quality 2 19-36 ms to
 * 354 KB (under load). Its repeats are one item apart, so brotli's default 4 MB window only costs: in a
 * 64 KB one, quality 2 took 10-11 ms instead of 14-16 and wrote 338 KB; quality 1 takes half of
 * quality 2's time (9 against 20 ms on a slower day) for 362 KB, a cold Flow answer's largest part after
 * the engine and its JSON.
 */
const LARGE_FROM_BYTES = 1_000_000;
const BROTLI_LARGE = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 },
};

type Encoding = 'br' | 'gzip';

/**
 * An answer's JSON held as the bytes sent: encoded to UTF-8 once, and compressed once per encoding a
 * client asks for, so that a cached answer costs neither `JSON.stringify` nor the compression again
 * (docs/performance.md, "Warm answers"). Once compressed, only the compressed bytes are kept (a Flow
 * report is ~4 MB of JSON and ~0.3 MB in brotli): the plain bytes, and `text` for those who embed the
 * answer in a larger one, are decompressed when asked for.
 */
export class JsonBody {
  /** The UTF-8 bytes' length. */
  readonly byteLength: number;
  #bytes: Buffer | undefined;
  readonly #compressed = new Map<Encoding, Buffer>();

  constructor(text: string) {
    this.#bytes = Buffer.from(text, 'utf8');
    this.byteLength = this.#bytes.length;
  }

  get text(): string {
    return this.bytes.toString('utf8');
  }

  get bytes(): Buffer {
    if (!this.#bytes) {
      // Kept again while a client without compression asks (the next compression drops them).
      const br = this.#compressed.get('br');
      this.#bytes = br ? brotliDecompressSync(br) : gunzipSync(this.#compressed.get('gzip') as Buffer);
    }
    return this.#bytes;
  }

  /** The bytes in `encoding`, compressed the first time they are asked for. */
  encoded(encoding: Encoding): Buffer {
    let compressed = this.#compressed.get(encoding);
    if (!compressed) {
      const bytes = this.bytes;
      const brotli = bytes.length >= LARGE_FROM_BYTES ? BROTLI_LARGE : BROTLI;
      compressed = encoding === 'br' ? brotliCompressSync(bytes, brotli) : gzipSync(bytes);
      this.#compressed.set(encoding, compressed);
      this.#bytes = undefined;
    }
    return compressed;
  }

  /** Compressed in every encoding `other` was (a refreshed answer, ready for the clients of the one it replaces). */
  encodedAs(other: JsonBody): this {
    for (const encoding of other.#compressed.keys()) this.encoded(encoding);
    return this;
  }

  toString(): string {
    return this.text;
  }
}

/** A JSON answer typed by the response it holds, so that routes stay tied to the contract. */
export type Json<T> = JsonBody & { readonly __response?: T };

export const jsonBody = <T>(value: T): Json<T> => new JsonBody(JSON.stringify(value));

/**
 * The encoding to send in: brotli, else gzip, when the request accepts it (not with q=0); none otherwise.
 * Matches @fastify/compress's preference (`encodings: ['br', 'gzip']` in app.ts).
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  if (!header) return null;
  const text = String(header);
  let encoding = encodingsOf.get(text);
  if (encoding === undefined) {
    encoding = parseAcceptEncoding(text);
    // Clients send a handful of distinct headers: each is read once (a bound against odd ones).
    if (encodingsOf.size >= ENCODING_HEADERS_KEPT) encodingsOf.clear();
    encodingsOf.set(text, encoding);
  }
  return encoding;
}

const encodingsOf = new Map<string, Encoding | null>();
const ENCODING_HEADERS_KEPT = 64;

function parseAcceptEncoding(header: string): Encoding | null {
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Sends a JSON answer as its cached bytes, compressed as the request accepts (the compress hook then leaves it). */
export function sendJsonBody(request: FastifyRequest, reply: FastifyReply, body: JsonBody): FastifyReply {
  reply.type('application/json; charset=utf-8');
  if (body.byteLength < COMPRESS_FROM_BYTES) return reply.send(body.bytes);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.bytes);
  return reply.header('content-encoding', encoding).send(body.encoded(encoding));
}
