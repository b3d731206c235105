/**
 * A load generator's HTTP/1.1 client that costs little CPU per request: keep-alive sockets, one request in
 * flight on each (no pipelining, as browsers and proxies do), the request's bytes built once per path,
 * answers read by their Content-Length. `node:http` costs ~110–165 µs of the load generator's CPU a
 * request on this machine, as much as a warm answer costs PostgreSQL: on 2 shared cores that hides what a
 * second server gives. Only what the benchmark needs: GET, answers with a Content-Length, status 200.
 */
import net from 'node:net';

export type LeanClient = { get(path: string): Promise<number>; close(): void };

type Waiting = { resolve: (bytes: number) => void; reject: (error: Error) => void };
const HEADER_END = Buffer.from('\r\n\r\n');
/** The end of a chunked body (an answer streamed through a compressor has no Content-Length). */
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n');

/**
 * One keep-alive connection: answers are matched to requests in order. An answer's body is counted, not
 * kept or copied (copying each 48 KB answer cost the load generator as much as node:http).
 */
class Connection {
  readonly socket: net.Socket;
  /** The answer's head read so far (it may come in pieces); null once it is read. */
  #head: Buffer | null = Buffer.alloc(0);
  #bodyLeft = 0;
  #status = '';
  #length = 0;
  /** A chunked answer: its bytes so far, and the last few of them (the end may span two reads). */
  #chunked = false;
  #tail = Buffer.alloc(0);
  #waiting: Waiting | null = null;

  constructor(host: string, port: number, onIdle: (c: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      if (this.#read(chunk)) onIdle(this);
    });
    this.socket.on('error', (error) => this.#fail(error));
    this.socket.on('close', () => this.#fail(new Error('connection closed')));
  }

  send(request: Buffer, waiting: Waiting): void {
    this.#waiting = waiting;
    this.#head = Buffer.alloc(0);
    this.socket.write(request);
  }

  /** Whether the chunk completed the answer (handed to its request). */
  #read(chunk: Buffer): boolean {
    let body = chunk.length;
    if (this.#head) {
      const head = this.#head.length === 0 ? chunk : Buffer.concat([this.#head, chunk]);
      const end = head.indexOf(HEADER_END);
      if (end < 0) {
        this.#head = head;
        return false;
      }
      const text = head.toString('latin1', 0, end);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      this.#chunked = !length && /\r\ntransfer-encoding:\s*chunked/i.test(text);
      if (!length && !this.#chunked) {
        this.#fail(new Error(`an answer without Content-Length: ${text.split('\r\n')[0]}`));
        return false;
      }
      this.#head = null;
      this.#status = text.slice(9, 12);
      this.#length = Number(length?.[1] ?? 0);
      this.#bodyLeft = this.#length;
      body = head.length - end - HEADER_END.length;
      if (this.#chunked) {
        this.#tail = Buffer.alloc(0);
        return this.#readChunked(head.subarray(end + HEADER_END.length));
      }
    } else if (this.#chunked) {
      return this.#readChunked(chunk);
    }
    this.#bodyLeft -= body;
    if (this.#bodyLeft > 0) return false;
    return this.#done();
  }

  #readChunked(bytes: Buffer): boolean {
    this.#length += bytes.length;
    this.#tail = Buffer.concat([this.#tail, bytes]).subarray(-LAST_CHUNK.length);
    if (!this.#tail.equals(LAST_CHUNK)) return false;
    return this.#done();
  }

  #done(): boolean {
    const waiting = this.#waiting;
    this.#waiting = null;
    if (this.#status === '200') waiting?.resolve(this.#length);
    else waiting?.reject(new Error(`answered ${this.#status}`));
    return true;
  }

  #fail(error: Error): void {
    const waiting = this.#waiting;
    this.#waiting = null;
    waiting?.reject(error);
  }
}

export function leanClient(base: string, headers: Record<string, string>, sockets: number): LeanClient {
  const url = new URL(base);
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = new Map<string, Buffer>();
  const requestFor = (path: string) => {
    let request = requests.get(path);
    if (!request) {
      request = Buffer.from(`GET ${path} HTTP/1.1\r\nhost: ${url.host}\r\n${extra}\r\n`, 'latin1');
      requests.set(path, request);
    }
    return request;
  };
  const idle: Connection[] = [];
  const queue: { request: Buffer; waiting: Waiting }[] = [];
  const all: Connection[] = [];
  const onIdle = (connection: Connection) => {
    const next = queue.shift();
    if (next) connection.send(next.request, next.waiting);
    else idle.push(connection);
  };
  return {
    get: (path) =>
      new Promise((resolve, reject) => {
        const request = requestFor(path);
        let connection = idle.pop();
        if (!connection && all.length < sockets) {
          connection = new Connection(url.hostname, Number(url.port), onIdle);
          all.push(connection);
        }
        if (connection) connection.send(request, { resolve, reject });
        else queue.push({ request, waiting: { resolve, reject } });
      }),
    close: () => {
      for (const connection of all) connection.socket.destroy();
    },
  };
}
