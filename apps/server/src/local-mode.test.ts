import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { simulator } from './local-mode.ts';

describe('loading a simulator in local mode', () => {
  it('says which variables to set when the simulators are not installed (a production install)', async () => {
    const missing = simulator(() => import('@fluxion/no-such-simulator' as string), 'STRIPE_SECRET_KEY');
    await expect(missing).rejects.toThrow(ConfigError);
    await expect(missing).rejects.toThrow(/^Local mode needs the simulators, .*: set STRIPE_SECRET_KEY \(/);
  });

  it('hands back the simulator when it is installed', async () => {
    const { startStripeSim } = await simulator(() => import('@fluxion/stripe-sim'), 'STRIPE_SECRET_KEY');
    expect(startStripeSim).toBeTypeOf('function');
  });
});
