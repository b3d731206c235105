import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// A `findBy…` or `waitFor` waits up to 1 s by default: a busy 2-core machine (the whole suite runs several
// workers) takes longer than that to query a large dialog's roles, and the test failed though the page was
// right. The test's own timeout (vitest.config.ts, 20 s) still bounds it, and what is awaited is unchanged.
configure({ asyncUtilTimeout: 10_000 });

// The contract is loaded before the tests, not by the first API answer: in development builds client.call
// checks every answer against it through a dynamic import it does not await (api/check-answer.ts), so a
// file whose last test got an answer ended while the contract was still loading. Vitest then rejects the
// module loads in flight ('Cannot load …/day-cache.ts after the environment was torn down') and, with one
// module graph per worker (`isolate: false`), every later file of that worker failed on the cached error.
await import('@fluxion/contract');

// The web tests share one jsdom per worker (vitest.config.ts, `isolate: false`): what one test rendered
// or stored must be gone before the next, whichever file it is in.
afterEach(() => {
  cleanup();
  // Recharts measures text in a span it adds to the body and leaves there (looked up by id, so removing it
  // is safe): its "0" was found by the next file's `queryByText('0')` (HistoryGapsNote.test after a chart).
  document.getElementById('recharts_measurement_span')?.remove();
  localStorage.clear();
  sessionStorage.clear();
});

// A lazy page or menu a file rendered (React.lazy) may still be loading when its last test ends: a file
// ends only once its code is in, for the same reason.
afterAll(() => vi.dynamicImportSettled());
