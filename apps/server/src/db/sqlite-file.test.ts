import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('the SQLite file', () => {
  it('is created readable by its owner only, and so are its -wal and -shm files', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-sqlite-'));
    const handle = openDatabase({ databaseUrl: null, dataDir });
    try {
      await migrateToLatest(handle);
      const file = join(dataDir, 'fluxion.sqlite');
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
      expect(modeOf(`${file}-shm`)).toBe(0o600);
    } finally {
      await handle.close();
    }
  });

  it('an existing world-readable file is made owner-only when opened', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-sqlite-'));
    const file = join(dataDir, 'fluxion.sqlite');
    writeFileSync(file, '', { mode: 0o644 });
    const handle = openDatabase({ databaseUrl: null, dataDir });
    await handle.close();
    expect(modeOf(file)).toBe(0o600);
  });
});
