import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from './processes.ts';

describe('freePorts', () => {
  it('hands out distinct ports below the ephemeral range that a child can then listen on', async () => {
    const ports = await freePorts(6);
    expect(new Set(ports).size).toBe(6);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_768);
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
