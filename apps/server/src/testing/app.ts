import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { TestDatabase } from './databases.ts';
import { type TestClock, testClock } from './clock.ts';

export { type TestClock, testClock } from './clock.ts';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fluxion-app-')), LOG_LEVEL: 'silent' });
  return { ...base, ...overrides };
}

export type TestApp = { app: FastifyInstance; ctx: AppContext; clock: TestClock };

/** Every log line the app writes, kept in memory so tests can search it. */
export type LogCapture = { stream: Writable; lines: string[]; text(): string };

export function captureLogs(): LogCapture {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { stream, lines, text: () => lines.join('') };
}

/** The real app over a real test database, for `app.inject`. */
export async function buildTestApp(
  database: TestDatabase,
  options: {
    config?: Partial<Config>;
    webRoot?: string | null;
    clock?: TestClock;
    /** Log lines go here (set `config.logLevel` too, the test default is silent). */
    logs?: LogCapture;
    /** A GitHub simulator's URL: the app's GitHub API and OAuth host. */
    githubUrl?: string;
  } = {},
): Promise<TestApp> {
  const clock = options.clock ?? testClock();
  const config = testConfig(options.config);
  if (options.githubUrl) {
    config.github = { ...config.github, apiUrl: options.githubUrl, webUrl: options.githubUrl };
  }
  const ctx: AppContext = {
    config,
    db: database.handle.db,
    dialect: database.handle.dialect,
    now: clock.now,
  };
  const app = await buildApp(ctx, {
    webRoot: options.webRoot ?? null,
    checkAnswers: true,
    ...(options.logs ? { logStream: options.logs.stream } : {}),
  });
  await app.ready();
  return { app, ctx, clock };
}

/**
 * Listens on a random local port and makes that address the app's public URL (OAuth redirect URI),
 * for tests that drive the app over real HTTP, e.g. a browser-like OAuth round trip through the simulator.
 */
export async function listenTestApp(testApp: TestApp): Promise<string> {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;
  testApp.ctx.config.publicUrl = url;
  return url;
}
