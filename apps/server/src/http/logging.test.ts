import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogs } from '../testing/app.ts';
import { createSqliteTestDatabase } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';
import { loggerOptions, redactUrl, registerRequestLine } from './logging.ts';

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

/** Credentials of every shape the logs must hide, whatever the parameter or header that carries them. */
const credentials = {
  'refresh token': randomBytes(32).toString('base64url'),
  'GitHub OAuth token': `gho_${randomBytes(27).toString('base64url').replace(/[-_]/g, 'x')}`,
  'GitHub app token': `ghs_${'a1B2c3D4e5'.repeat(4)}`,
  'GitHub app token, stateless format': `ghs_1187301_eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOjExODczMDF9.${'x9Y8'.repeat(20)}`,
  'GitHub PAT': `github_pat_11AAAAAAA0${randomBytes(30).toString('hex')}`,
  'Stripe secret key': `sk_live_${randomBytes(18).toString('hex')}`,
  'Stripe webhook secret': `whsec_${randomBytes(24).toString('hex')}`,
  'hex key': randomBytes(32).toString('hex'),
};
const jwtLike = [
  Buffer.from('{"alg":"HS256","typ":"JWT"}').toString('base64url'),
  Buffer.from(JSON.stringify({ sub: randomUUID(), exp: 1 })).toString('base64url'),
  randomBytes(32).toString('base64url'),
].join('.');

describe('token-looking values in the logs', () => {
  it('redactUrl hides them in any query parameter (even percent-encoded), and in the path', () => {
    const url = `/api/me/?jwt=${jwtLike}&k=${encodeURIComponent(credentials['GitHub OAuth token'])}&days=30&project=PVT_kwDOBfTlJs4AXYZk&id=${randomUUID()}`;
    const redacted = redactUrl(url);
    expect(redacted).toMatch(
      /^\/api\/me\/\?jwt=%5Bredacted%5D&k=%5Bredacted%5D&days=30&project=PVT_kwDOBfTlJs4AXYZk&id=[0-9a-f-]{36}$/,
    );
    expect(
      redactUrl(`/api/shared/${credentials['refresh token']}/?x=${credentials['Stripe secret key']}=`),
    ).toBe('/api/shared/[redacted]/?x=%5Bredacted%5D');
    expect(redactUrl('/api/leadtime/?project=p&days=14')).toBe('/api/leadtime/?project=p&days=14');
  });

  it('every JSON line is scrubbed: request URLs, and headers or messages that some log call carries', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions('info', stream) });
    app.get('/api/echo/', async (request) => {
      request.log.info({ headers: request.headers }, `headers of a call with ${jwtLike}`);
      return {};
    });
    const headers = Object.fromEntries(
      Object.entries(credentials).map(([name], index) => [
        `x-secret-${index}`,
        `${name}: ${Object.values(credentials)[index]}`,
      ]),
    );
    await app.inject({
      url: `/api/echo/?jwt=${jwtLike}&key=${credentials['Stripe webhook secret']}`,
      headers: { ...headers, 'x-forwarded-token': `Bearer ${jwtLike}` },
    });
    await app.close();
    const text = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    expect(text).toContain('jwt=%5Bredacted%5D');
    expect(text).toContain('Bearer [redacted]');
    for (const [name, value] of Object.entries({ ...credentials, JWT: jwtLike })) {
      expect(text.includes(value), `${name} in the log`).toBe(false);
    }
  });
});

describe('an access token sent in the URL is refused and not logged', async () => {
  const database = await createSqliteTestDatabase();
  afterAll(() => database.drop());

  for (const localMode of [false, true]) {
    it(localMode ? 'in the readable local-mode log' : 'in the JSON log', async () => {
      const logs = captureLogs();
      const { app, ctx } = await buildTestApp(database, { logs, config: { logLevel: 'info', localMode } });
      const { access, refresh } = await signedInUser(ctx);
      const refused = await app.inject({ url: `/api/me/?jwt=${access}&r=${refresh}` });
      expect(refused.statusCode).toBe(401);
      await app.close();
      const text = logs.text();
      expect(text).toContain(
        localMode
          ? 'GET /api/me/?jwt=%5Bredacted%5D&r=%5Bredacted%5D 401'
          : '"url":"/api/me/?jwt=%5Bredacted%5D&r=%5Bredacted%5D"',
      );
      for (const token of [access, refresh, ...access.split('.')]) expect(text).not.toContain(token);
    });
  }
});
