import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, registerRequestLine } from './logging.ts';

function capture() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).trim().split('\n')) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('the readable local-mode log', () => {
  it('one line per API request with status and duration, secrets redacted; none for files and probes', async () => {
    const { lines, stream } = capture();
    const app = Fastify({
      logger: loggerOptions('info', stream, true),
      logController: new LogController({ disableRequestLogging: true }),
    });
    registerRequestLine(app);
    app.get('/api/projects/', async () => []);
    app.get('/api/boom/', async () => {
      throw new Error('boom');
    });
    app.get('/assets/app.js', async () => '');
    app.get('/readyz', async () => ({ status: 'ready' }));
    for (const url of ['/api/projects/?token=abc', '/api/boom/', '/assets/app.js', '/readyz']) {
      await app.inject({ url });
    }
    await app.close();
    const requestLines = lines.filter((line) => /^GET /.test(line.msg));
    expect(requestLines.map((line) => line.msg.replace(/\d+ ms$/, 'N ms'))).toEqual([
      'GET /api/projects/?token=%5Bredacted%5D 200 N ms',
      'GET /api/boom/ 500 N ms',
    ]);
    expect(requestLines.map((line) => line.level)).toEqual([30, 50]);
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});
