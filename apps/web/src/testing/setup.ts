import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// The web tests share one jsdom per worker (vitest.config.ts, `isolate: false`): what one test rendered
// or stored must be gone before the next, whichever file it is in.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
