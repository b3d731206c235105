import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { TestDatabase } from './databases.ts';

export type TestClock = { now: () => number; set(ms: number): void; advance(ms: number): void };

export function testClock(start = Date.UTC(2026, 10, 1)): TestClock {
  let current = start;
  return { now: () => current, set: (ms) => (current = ms), advance: (ms) => (current += ms) };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'fluxion-app-')), LOG_LEVEL: 'silent' });
  return { ...base, ...overrides };
}

export type TestApp = { app: FastifyInstance; ctx: AppContext; clock: TestClock };

/** The real app over a real test database, for `app.inject`. */
export async function buildTestApp(
  database: TestDatabase,
  options: { config?: Partial<Config>; webRoot?: string | null; clock?: TestClock } = {},
): Promise<TestApp> {
  const clock = options.clock ?? testClock();
  const ctx: AppContext = {
    config: testConfig(options.config),
    db: database.handle.db,
    dialect: database.handle.dialect,
    now: clock.now,
  };
  const app = await buildApp(ctx, { webRoot: options.webRoot ?? null });
  await app.ready();
  return { app, ctx, clock };
}
