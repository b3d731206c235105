import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A `findBy…` or `waitFor` waits up to 1 s by default: a busy 2-core machine (the whole suite runs several
// workers) takes longer than that to query a large dialog's roles, and the test failed though the page was
// right. The test's own timeout (vitest.config.ts, 20 s) still bounds it, and what is awaited is unchanged.
configure({ asyncUtilTimeout: 10_000 });

// The web tests share one jsdom per worker (vitest.config.ts, `isolate: false`): what one test rendered
// or stored must be gone before the next, whichever file it is in.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
