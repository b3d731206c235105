// The entry bench/serve-bundle.ts bundles: the API benchmark's server process (bench/api-serve.ts) with
// the measured revision's server modules inlined.
import * as preload from '../apps/server/src/analytics/preload.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/connection.ts';
import { type ServeOptions, type ServerCode, serve } from './api-serve.ts';

await serve(JSON.parse(process.env.BENCH_SERVE ?? '{}') as ServeOptions, {
  buildApp,
  loadConfig,
  openDatabase,
  preloadBoards: preload.preloadBoards,
  // Absent from revisions before the start's code warm-up.
  warmUpCode: (preload as { warmUpCode?: ServerCode['warmUpCode'] }).warmUpCode,
});
