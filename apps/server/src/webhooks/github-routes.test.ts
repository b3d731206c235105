import { randomUUID } from 'node:crypto';
import { sign } from '@octokit/webhooks-methods';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogs, listenTestApp, type TestApp, testClock } from '../testing/app.ts';
import { insertTestBoard } from '../testing/boards.ts';
import { dialectCases, type TestDatabase } from '../testing/databases.ts';
import { encryptSecret } from '../users/secret-box.ts';

const NOW = Date.UTC(2026, 10, 1, 9);
const HOUR = 60 * 60 * 1000;
const PROJECT = 'PVT_hooks';
const BOARD = 'board-hooks';

type Change = { item: string; field: string; from: string; to: string; at: number; org: string };
const ORG = 'fluxion-labs';

/** A signed `projects_v2_item` edit of an item's `field` (PVTI_1's Status unless said), as GitHub sends it. */
async function delivery(secret: string, id: string, change: Partial<Change> = {}) {
  const {
    item = 'PVTI_1',
    field = 'Status',
    from = 'Todo',
    to = 'Doing',
    at = NOW - HOUR,
    org = ORG,
  } = change;
  const body = JSON.stringify({
    action: 'edited',
    organization: { login: org },
    projects_v2_item: { node_id: item, project_node_id: PROJECT, updated_at: new Date(at).toISOString() },
    changes: {
      field_value: { field_type: 'single_select', field_name: field, from: { name: from }, to: { name: to } },
    },
  });
  const headers = {
    'content-type': 'application/json',
    'x-github-event': 'projects_v2_item',
    'x-github-delivery': id,
    'x-hub-signature-256': await sign(secret, body),
  };
  return { method: 'POST', headers, body };
}

describe.each(await dialectCases())('GitHub webhook deliveries on $name', ({ name, create }) => {
  let database: TestDatabase;
  let testApp: TestApp;
  let url: string;
  const logs = captureLogs();

  beforeEach(async () => {
    database = await create();
    testApp = await buildTestApp(database, { clock: testClock(NOW), logs });
    url = await listenTestApp(testApp);
    await insertTestBoard(testApp.ctx.db, {
      id: BOARD,
      githubProjectId: PROJECT,
      addedAt: NOW - 24 * HOUR,
      owner: { login: ORG, type: 'Organization' },
    });
  });

  afterEach(async () => {
    await testApp.app.close();
    await database.drop();
  });

  async function deliver(id: string, change?: Partial<Change>, signedWith?: string) {
    const secret = signedWith ?? testApp.ctx.config.github.webhookSecret ?? '';
    const response = await fetch(`${url}/webhooks/github`, await delivery(secret, id, change));
    const text = await response.text();
    return {
      status: response.status,
      outcome: response.ok ? (JSON.parse(text) as { status: string }).status : text,
    };
  }

  const db = () => testApp.ctx.db;
  const moves = () =>
    db()
      .selectFrom('transitions')
      .select(['from_column', 'to_column'])
      .where('board_id', '=', BOARD)
      .execute();
  const marks = async () =>
    (await db().selectFrom('webhook_deliveries').select('delivery_id').execute()).map((r) => r.delivery_id);
  const dataVersion = async () =>
    Number(
      (
        await db()
          .selectFrom('boards')
          .select('data_version')
          .where('id', '=', BOARD)
          .executeTakeFirstOrThrow()
      ).data_version,
    );

  it('records a move once when GitHub delivers it again, and bumps the data version once', async () => {
    const first = randomUUID();
    const version = await dataVersion();
    expect(await deliver(first)).toEqual({ status: 200, outcome: 'recorded' });
    expect(await dataVersion()).toBe(version + 1);
    expect(await deliver(first)).toEqual({ status: 200, outcome: 'duplicate' });
    expect(await dataVersion()).toBe(version + 1);
    // The same move in another delivery (GitHub sends one per change; a poll may have brought it too).
    expect(await deliver(randomUUID())).toEqual({ status: 200, outcome: 'already recorded' });
    expect(await moves()).toEqual([{ from_column: 'Todo', to_column: 'Doing' }]);
    expect(await marks()).toHaveLength(2);
  });

  it("refuses an organization webhook's delivery naming another organization, and records nothing of it", async () => {
    const id = randomUUID();
    const refused = await deliver(id, { org: 'octo-evil' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.outcome)).toEqual({
      error: 'forbidden',
      message:
        "This delivery names the organization octo-evil, but the board belongs to fluxion-labs: an organization's webhook reports its own boards only",
    });
    expect(await moves()).toEqual([]);
    expect(await marks()).toEqual([]);
    const nameless = await deliver(randomUUID(), { org: '' });
    expect(nameless.status).toBe(400);
    expect(await deliver(randomUUID(), { org: 'Fluxion-Labs' })).toEqual({
      status: 200,
      outcome: 'recorded',
    });
  });

  it("checks an organization's delivery against that organization's own secret, for its boards only", async () => {
    const setSecret = (org: string, secret: string) =>
      db()
        .insertInto('org_webhook_secrets')
        .values({
          org_login: org,
          sealed_secret: encryptSecret(secret, testApp.ctx.config.tokenEncryptionKey),
          set_by: 'octo-owner',
          set_at: NOW,
        })
        .execute();
    await setSecret('fluxion-labs', 'labs-own-secret-0123456789');
    await setSecret('octo-evil', 'evil-own-secret-0123456789');
    // Once the organization has its own secret, the shared one no longer speaks for it.
    expect((await deliver(randomUUID())).status).toBe(401);
    // Another organization's secret signs for that organization only: naming fluxion-labs, it is no signature.
    const forged = await deliver(randomUUID(), { org: ORG }, 'evil-own-secret-0123456789');
    expect(forged.status).toBe(401);
    const evil = await deliver(randomUUID(), { org: 'octo-evil' }, 'evil-own-secret-0123456789');
    expect(evil.status).toBe(403);
    expect(await moves()).toEqual([]);
    expect(await marks()).toEqual([]);
    expect(await deliver(randomUUID(), {}, 'labs-own-secret-0123456789')).toEqual({
      status: 200,
      outcome: 'recorded',
    });
    // The App's deliveries stay the App's: an organization's secret cannot sign an installation event.
    const body = JSON.stringify({ action: 'deleted', installation: { id: 7 }, organization: { login: ORG } });
    const installation = await fetch(`${url}/webhooks/github`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'installation',
        'x-github-delivery': randomUUID(),
        'x-hub-signature-256': await sign('labs-own-secret-0123456789', body),
      },
      body,
    });
    expect(installation.status).toBe(401);
  });

  it('records a move once when the same delivery arrives twice at the same time', async () => {
    const id = randomUUID();
    const answers = await Promise.all([deliver(id), deliver(id)]);
    expect(answers.map((a) => a.outcome).sort()).toEqual(['duplicate', 'recorded']);
    expect(await moves()).toHaveLength(1);
    expect(await marks()).toEqual([id]);
  });

  it('a delivery whose move could not be stored fails and is not marked: its redelivery records it', async () => {
    const id = randomUUID();
    await refuseMoves(database, name, 'PVTI_1');
    const failed = await deliver(id);
    expect(failed.status).toBe(500);
    expect(await marks()).toEqual([]);
    await refuseMoves(database, name, null);
    expect(await deliver(id)).toEqual({ status: 200, outcome: 'recorded' });
    expect(await moves()).toEqual([{ from_column: 'Todo', to_column: 'Doing' }]);
    expect(await marks()).toEqual([id]);
  });

  it('deliveries arriving together are recorded together; one that cannot be stored fails alone', async () => {
    await refuseMoves(database, name, 'PVTI_bad');
    // The first to arrive is recorded alone; the others wait for it and go together.
    const items = Array.from({ length: 30 }, (_, i) => (i === 20 ? 'PVTI_bad' : `PVTI_${i}`));
    const ids = items.map(() => randomUUID());
    const answers = await Promise.all(items.map((item, i) => deliver(ids[i] ?? '', { item })));
    expect(answers.map((a) => a.status === 200 && a.outcome)).toEqual(
      items.map((_, i) => i !== 20 && 'recorded'),
    );
    expect(answers[20]?.status).toBe(500);
    expect(await moves()).toHaveLength(29);
    expect((await marks()).sort()).toEqual(ids.filter((_, i) => i !== 20).sort());
  });

  it('a delivery that records no move is marked too: GitHub delivering it again is a duplicate', async () => {
    const id = randomUUID();
    const other = { field: 'Priority', from: 'Low', to: 'High' };
    expect(await deliver(id, other)).toEqual({ status: 200, outcome: 'ignored: not the workflow field' });
    expect(await deliver(id, other)).toEqual({ status: 200, outcome: 'duplicate' });
    expect(await moves()).toEqual([]);
  });

  it('a signed delivery with dates that are not instants is refused (400) and changes nothing, every retry', async () => {
    const secret = testApp.ctx.config.github.webhookSecret ?? '';
    const send = async (id: string, payload: unknown) => {
      const body = JSON.stringify(payload);
      const headers = {
        'content-type': 'application/json',
        'x-github-event': 'projects_v2_item',
        'x-github-delivery': id,
        'x-hub-signature-256': await sign(secret, body),
      };
      const response = await fetch(`${url}/webhooks/github`, { method: 'POST', headers, body });
      return { status: response.status, body: await response.text() };
    };
    const item = (dates: Record<string, unknown>) => ({
      node_id: 'PVTI_1',
      project_node_id: PROJECT,
      updated_at: new Date(NOW - HOUR).toISOString(),
      ...dates,
    });
    const status = {
      field_value: {
        field_type: 'single_select',
        field_name: 'Status',
        from: { name: 'Todo' },
        to: { name: 'Doing' },
      },
    };
    const bad = [
      { action: 'archived', projects_v2_item: item({ archived_at: 'yesterday' }) },
      { action: 'archived', projects_v2_item: item({ updated_at: 'never', archived_at: null }) },
      { action: 'archived', projects_v2_item: item({ archived_at: '2026-02-30T10:00:00Z' }) },
      { action: 'edited', projects_v2_item: item({ updated_at: '0050-01-01T00:00:00Z' }), changes: status },
      { action: 'edited', projects_v2_item: item({ updated_at: '2026-11-01' }), changes: status },
      { action: 'deleted', projects_v2_item: item({ updated_at: 12 }) },
    ];
    // The item is on the board (a well-dated move, with an offset as ISO 8601 allows): archiving it
    // with a date that is not one stored a move without its instant (NOT NULL constraint failed).
    const good = {
      action: 'edited',
      organization: { login: ORG },
      projects_v2_item: item({ updated_at: '2026-11-01T08:30:00+01:00' }),
      changes: status,
    };
    expect(await send(randomUUID(), good)).toEqual({ status: 200, body: '{"status":"recorded"}' });
    const before = { moves: await moves(), marks: await marks(), version: await dataVersion() };
    for (const payload of bad) {
      const id = randomUUID();
      for (let attempt = 0; attempt < 2; attempt++) {
        const answer = await send(id, payload);
        expect(answer.status, `${JSON.stringify(payload)}: ${answer.body}`).toBe(400);
        expect(JSON.parse(answer.body).message).toMatch(/projects_v2_item\.(updated|archived)_at/);
      }
    }
    expect({ moves: await moves(), marks: await marks(), version: await dataVersion() }).toEqual(before);
    expect(before.moves).toEqual([{ from_column: 'Todo', to_column: 'Doing' }]);
  });
});

/** A trigger that makes every insert of a move of `item` into `transitions` fail, or (null) its removal. */
async function refuseMoves(database: TestDatabase, dialect: string, item: string | null): Promise<void> {
  const { db } = database.handle;
  const on = sql.lit(item ?? '');
  if (dialect === 'sqlite') {
    const statement = item
      ? sql`CREATE TRIGGER refuse_moves BEFORE INSERT ON transitions WHEN NEW.item_id = ${on} BEGIN SELECT RAISE(ABORT, 'refused'); END`
      : sql`DROP TRIGGER refuse_moves`;
    await statement.execute(db);
    return;
  }
  if (!item) {
    await sql`DROP TRIGGER refuse_moves ON transitions`.execute(db);
    return;
  }
  await sql`CREATE FUNCTION refuse_moves() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$`.execute(
    db,
  );
  await sql`CREATE TRIGGER refuse_moves BEFORE INSERT ON transitions FOR EACH ROW WHEN (NEW.item_id = ${on}) EXECUTE FUNCTION refuse_moves()`.execute(
    db,
  );
}
