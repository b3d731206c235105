// The entry bench/serve-bundle.ts bundles: the API benchmark's server process (bench/api-serve.ts) with
// the measured revision's server modules inlined.
import { preloadBoards } from '../apps/server/src/analytics/preload.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { type ServeOptions, serve } from './api-serve.ts';

await serve(JSON.parse(process.env.BENCH_SERVE ?? '{}') as ServeOptions, {
  buildApp,
  loadConfig,
  openDatabase,
  preloadBoards,
});
