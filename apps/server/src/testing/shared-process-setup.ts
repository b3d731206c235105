import { afterAll } from 'vitest';
import { forgetHostFeatures } from '../github/host-features.ts';

// The files of a shared-process project (vitest.config.ts) run one after another in one process: what a
// file's simulators taught the app about their hosts must not hold for the next file's, which may be
// served on a port a previous one used.
afterAll(() => {
  forgetHostFeatures();
});
