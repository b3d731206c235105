import type { AnalyticsState } from './analytics/state.ts';
import type { Config } from './config.ts';
import type { Db, DialectName } from './db/connection.ts';

/** What every capability needs from the process: configuration, storage and a clock. */
export type AppContext = {
  config: Config;
  db: Db;
  dialect: DialectName;
  /** The only clock read by server logic, so that tests can move time. */
  now: () => number;
  /** Where background work (the collector) reports; requests log through Fastify's request logger. */
  log?: { warn(details: object, message: string): void };
};

/** What the API's routes see: the process's context and the app's own state, built by `buildApp`. */
export type ApiContext = AppContext & { analytics: AnalyticsState };
