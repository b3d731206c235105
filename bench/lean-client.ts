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

/** One keep-alive connection: answers are matched to requests in order. */
class Connection {
  readonly socket: net.Socket;
  #buffer: Buffer = Buffer.alloc(0);
  #waiting: Waiting | null = null;

  constructor(host: string, port: number, onIdle: (c: Connection) => void) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      if (this.#readAnswer()) onIdle(this);
    });
    this.socket.on('error', (error) => this.#fail(error));
    this.socket.on('close', () => this.#fail(new Error('connection closed')));
  }

  send(request: Buffer, waiting: Waiting): void {
    this.#waiting = waiting;
    this.socket.write(request);
  }

  /** Whether a whole answer was read (and handed to its request). */
  #readAnswer(): boolean {
    const end = this.#buffer.indexOf(HEADER_END);
    if (end < 0) return false;
    const head = this.#buffer.toString('latin1', 0, end);
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) {
      this.#fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return false;
    }
    const total = end + HEADER_END.length + Number(length[1]);
    if (this.#buffer.length < total) return false;
    this.#buffer = this.#buffer.subarray(total);
    const status = head.slice(9, 12);
    const waiting = this.#waiting;
    this.#waiting = null;
    if (status === '200') waiting?.resolve(Number(length[1]));
    else waiting?.reject(new Error(`answered ${status}`));
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
