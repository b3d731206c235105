import { describe, expect, it } from 'vitest';
import {
  type CollectorWorld,
  collectorWorldPerTest,
  COLUMNS,
  HOUR,
  MINUTE,
  type SimBoard,
  START,
} from '../testing/collector-sim.ts';
import { encryptSecret } from '../users/secret-box.ts';
import { dialectCases } from '../testing/databases.ts';
import { signedInUser } from '../testing/users.ts';

type Row = { item: string; from: string | null; to: string | null; at: number; source: string };

async function named(world: CollectorWorld, board: SimBoard, boardId: string): Promise<Row[]> {
  return (await world.moves(boardId)).map((r) => ({ ...r, item: board.names.get(r.item) ?? r.item }));
}

/** The simulated board's Status option called `name`, to rename it as a GitHub user would. */
function statusOption(world: CollectorWorld, board: SimBoard, name: string) {
  const option = world.sim.world.projects
    .get(board.projectId)
    ?.statusField.options.find((o) => o.name === name);
  if (!option) throw new Error(`no column ${name}`);
  return option;
}

/** Moves the clocks to `START + offset` (never back). */
async function at(world: CollectorWorld, offset: number): Promise<void> {
  await world.advance(START + offset - world.ctx.now());
}

describe.each(await dialectCases())('board life cycle on $name', ({ create }) => {
  const world = collectorWorldPerTest(create);

  it('records nothing dated before the board was added, even from webhooks of earlier moves', async () => {
    // GitHub's delivery of an earlier move can arrive late (a retry, a redelivery): here every delivery
    // before the board is added is held back, and delivered afterwards.
    await world.control('/_sim/faults', { type: 'drop-webhooks' });
    const board = await world.createBoard('fluxion-labs', { a: 'Todo', b: 'Todo' });
    await world.control(`/_sim/items/${board.items.a}/move`, { status: 'In Progress', at: START - HOUR });
    await world.control('/_sim/faults', undefined, 'DELETE');
    const earlier = await world.deliveries();
    expect(earlier.map((d) => d.action)).toEqual(['created', 'edited', 'created', 'edited', 'edited']);
    const row = await world.register(board.projectId);
    expect(await world.collector().runOnce()).toBe(1);
    // History from before the board was added, already summed up by the snapshot.
    for (const delivery of earlier) await world.redeliver(delivery.id);
    await at(world, 5 * MINUTE);
    await world.move(board.items.b ?? '', 'In Progress');
    await world.flush();
    expect(await named(world, board, row.id)).toEqual([
      { item: 'a', from: null, to: 'In Progress', at: START, source: 'snapshot' },
      { item: 'b', from: null, to: 'Todo', at: START, source: 'snapshot' },
      { item: 'b', from: 'Todo', to: 'In Progress', at: START + 5 * MINUTE, source: 'webhook' },
    ]);
    const item = await world.ctx.db
      .selectFrom('items')
      .select(['column_name', 'entered_column_at'])
      .where('item_id', '=', board.items.a ?? '')
      .executeTakeFirstOrThrow();
    // Issues in Columns can still tell how long it has been there.
    expect(item).toEqual({ column_name: 'In Progress', entered_column_at: START - HOUR });
  });

  it('records a webhook move stamped with the second the board was added once, whichever side of it', async () => {
    // GitHub stamps whole seconds: both moves below are stamped START.
    const board = await world.createBoard('fluxion-labs', { a: 'Todo', b: 'Todo' });
    await world.control('/_sim/faults', { type: 'drop-webhooks', count: 1 });
    await at(world, 100);
    await world.move(board.items.b ?? '', 'In Progress');
    const [heldBack] = (await world.deliveries()).slice(-1);
    await at(world, 300);
    const row = await world.register(board.projectId);
    await at(world, 500);
    await world.collector().runOnce();
    await at(world, 550);
    // b moved before the board was added: the snapshot has it, so its late delivery adds nothing.
    await world.redeliver(heldBack?.id ?? '');
    await at(world, 600);
    await world.move(board.items.a ?? '', 'In Progress');
    await world.flush();
    expect(await named(world, board, row.id)).toEqual([
      { item: 'a', from: null, to: 'Todo', at: START + 500, source: 'snapshot' },
      { item: 'b', from: null, to: 'In Progress', at: START + 500, source: 'snapshot' },
      { item: 'a', from: 'Todo', to: 'In Progress', at: START + 600, source: 'webhook' },
    ]);
  });

  it.each(['poll', 'webhook'] as const)(
    'by %s, an archived, deleted or status-less item leaves the board (to: null), and a restored one returns',
    async (path) => {
      const owner = path === 'poll' ? 'octo-alice' : 'fluxion-labs';
      const board = await world.createBoard(owner, { a: 'In Progress', b: 'Todo', c: 'In Review' });
      const row = await world.register(board.projectId);
      const collector = world.collector();
      await collector.runOnce();
      const poll = async () => {
        await world.flush();
        if (path === 'poll') await world.advance(1000);
        if (path === 'poll') await collector.runOnce();
      };
      await at(world, 5 * MINUTE);
      await world.control(`/_sim/items/${board.items.a}/archive`);
      await poll();
      await at(world, 10 * MINUTE);
      await world.move(board.items.c ?? '', null);
      await poll();
      await at(world, 20 * MINUTE);
      await world.control(`/_sim/items/${board.items.b}`, undefined, 'DELETE');
      await poll(); // 20 min after the first sync: a full one, which notices deletions
      await at(world, 25 * MINUTE);
      await world.control(`/_sim/items/${board.items.a}/restore`);
      await world.flush();
      await world.advance(1000);
      await collector.runOnce(); // webhooks: `restored` asks for a poll, which finds where it stands
      const pollDelay = path === 'poll' ? 1000 : 0;
      expect(await named(world, board, row.id)).toEqual([
        { item: 'a', from: null, to: 'In Progress', at: START, source: 'snapshot' },
        { item: 'b', from: null, to: 'Todo', at: START, source: 'snapshot' },
        { item: 'c', from: null, to: 'In Review', at: START, source: 'snapshot' },
        { item: 'a', from: 'In Progress', to: null, at: START + 5 * MINUTE, source: path },
        { item: 'c', from: 'In Review', to: null, at: START + 10 * MINUTE, source: path },
        { item: 'b', from: 'Todo', to: null, at: START + 20 * MINUTE + pollDelay, source: path },
        { item: 'a', from: null, to: 'In Progress', at: START + 25 * MINUTE, source: 'poll' },
      ]);
      // Later full polls find nothing new: no "null → null" rows for items already gone.
      await at(world, 50 * MINUTE);
      await collector.runOnce();
      expect(await named(world, board, row.id)).toHaveLength(7);
    },
  );

  it.each(['poll', 'webhook'] as const)(
    'by %s, an archived item is known as archived, so a board that leaves archived items out leaves it out',
    async (path) => {
      const owner = path === 'poll' ? 'octo-alice' : 'fluxion-labs';
      const board = await world.createBoard(owner, { a: 'In Progress', b: 'In Progress' });
      const row = await world.register(board.projectId, { include_archived: false });
      const collector = world.collector();
      await collector.runOnce();
      const poll = async () => {
        await world.flush();
        await world.advance(1000);
        if (path === 'poll') await collector.runOnce();
      };
      await at(world, 5 * MINUTE);
      for (const item of ['a', 'b']) await world.move(board.items[item] ?? '', 'Done');
      await poll();
      await at(world, 10 * MINUTE);
      await world.control(`/_sim/items/${board.items.a}/archive`);
      await poll();
      // A later listing sees it archived too, already off the board (the access token still holds).
      await at(world, 12 * MINUTE);
      await collector.runOnce();
      const archived = await world.ctx.db
        .selectFrom('items')
        .select(['archived_at', 'removed_at'])
        .where('item_id', '=', board.items.a ?? '')
        .executeTakeFirstOrThrow();
      expect(archived.removed_at).not.toBeNull();
      expect(archived.archived_at).not.toBeNull();
      const flow = await world.app.inject({
        url: `/api/flow/?project=${encodeURIComponent(board.projectId)}`,
        headers: world.auth,
      });
      expect(flow.statusCode, flow.body.slice(0, 200)).toBe(200);
      // Only b: the archived done card is left out as the board says, whichever path reported it.
      expect(flow.json().throughput.total).toBe(1);
      expect(row.include_archived).toBe(0);
    },
  );

  it('a listing marks archived an item a webhook archived before the webhook path stored it so', async () => {
    const board = await world.createBoard('fluxion-labs', { a: 'In Progress', b: 'In Progress' });
    const row = await world.register(board.projectId, { include_archived: false });
    const collector = world.collector();
    await collector.runOnce();
    await at(world, 5 * MINUTE);
    for (const item of ['a', 'b']) await world.move(board.items[item] ?? '', 'Done');
    await at(world, 10 * MINUTE);
    await world.control(`/_sim/items/${board.items.a}/archive`);
    await world.flush();
    const archivedAt = () =>
      world.ctx.db
        .selectFrom('items')
        .select('archived_at')
        .where('item_id', '=', board.items.a ?? '')
        .executeTakeFirstOrThrow();
    // As the webhook path stored an archiving before: off the board, not known as archived.
    await world.ctx.db
      .updateTable('items')
      .set({ archived_at: null })
      .where('board_id', '=', row.id)
      .execute();
    const finished = async () => {
      const flow = await world.app.inject({
        url: `/api/flow/?project=${encodeURIComponent(board.projectId)}`,
        headers: world.auth,
      });
      expect(flow.statusCode, flow.body.slice(0, 200)).toBe(200);
      return flow.json().throughput.total;
    };
    // The next listing, within the access token's life, finds it archived and off the board already.
    await at(world, 12 * MINUTE);
    await collector.runOnce();
    expect((await archivedAt()).archived_at).not.toBeNull();
    expect(await finished()).toBe(1);
  });

  it('updates the column list on the next full sync after a column is renamed or added', async () => {
    const board = await world.createBoard('octo-alice', { a: 'In Review', b: 'Todo' });
    const row = await world.register(board.projectId);
    // As registered before the options were stored: the first full sync stores them.
    await world.ctx.db.updateTable('boards').set({ column_options: null }).where('id', '=', row.id).execute();
    const collector = world.collector();
    await collector.runOnce();
    const review = statusOption(world, board, 'In Review');
    review.name = 'Review';
    world.sim.world.projects
      .get(board.projectId)
      ?.statusField.options.splice(3, 0, { ...review, id: 'qa000001', name: 'QA' });
    await at(world, 5 * MINUTE);
    await world.move(board.items.b ?? '', 'QA');
    await world.advance(1000);
    await collector.runOnce(); // incremental: the move is seen, the column list is not read
    expect(JSON.parse((await world.board(row.id)).column_list)).toEqual(COLUMNS);
    await at(world, 16 * MINUTE);
    await collector.runOnce();
    expect(JSON.parse((await world.board(row.id)).column_list)).toEqual([
      'Todo',
      'In Progress',
      'Review',
      'QA',
      'Done',
    ]);
    // The renamed column (same option id) is renamed in the history too: no move, no trace of the old name.
    expect(await named(world, board, row.id)).toEqual([
      { item: 'a', from: null, to: 'Review', at: START, source: 'snapshot' },
      { item: 'b', from: null, to: 'Todo', at: START, source: 'snapshot' },
      { item: 'b', from: 'Todo', to: 'QA', at: START + 5 * MINUTE, source: 'poll' },
    ]);
    const item = await world.ctx.db
      .selectFrom('items')
      .select('column_name')
      .where('item_id', '=', board.items.a ?? '')
      .executeTakeFirstOrThrow();
    expect(item.column_name).toBe('Review');
  });

  it('two columns that swap names keep their histories apart, and cycle-start and classification settings follow', async () => {
    const board = await world.createBoard('octo-alice', { a: 'In Progress', b: 'In Review' });
    const row = await world.register(board.projectId);
    const classification = { productive: ['In Review'], waiting: ['In Progress'] };
    await world.ctx.db
      .updateTable('tracked_projects')
      .set({ cycle_time_start_column: 'In Progress', column_classification: JSON.stringify(classification) })
      .where('board_id', '=', row.id)
      .execute();
    const collector = world.collector();
    await collector.runOnce();
    const progress = statusOption(world, board, 'In Progress');
    const review = statusOption(world, board, 'In Review');
    [progress.name, review.name] = [review.name, progress.name];
    const version = (await world.board(row.id)).rewrite_version;
    await at(world, 16 * MINUTE);
    await collector.runOnce();
    expect(JSON.parse((await world.board(row.id)).column_list)).toEqual([
      'Todo',
      'In Review',
      'In Progress',
      'Done',
    ]);
    expect(await named(world, board, row.id)).toEqual([
      { item: 'a', from: null, to: 'In Review', at: START, source: 'snapshot' },
      { item: 'b', from: null, to: 'In Progress', at: START, source: 'snapshot' },
    ]);
    const tracked = await world.ctx.db
      .selectFrom('tracked_projects')
      .select(['cycle_time_start_column', 'column_classification'])
      .where('board_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(tracked.cycle_time_start_column).toBe('In Review');
    // The column that waited is now called In Review: it still waits.
    expect(JSON.parse(tracked.column_classification ?? 'null')).toEqual({
      productive: ['In Progress'],
      waiting: ['In Review'],
    });
    // Loaded boards read the renamed moves again.
    expect(Number((await world.board(row.id)).rewrite_version)).toBeGreaterThan(Number(version));
  });

  it('a column renamed before the board is registered again is renamed in its history', async () => {
    const board = await world.createBoard('octo-alice', { a: 'In Review' });
    const row = await world.register(board.projectId);
    await world.collector().runOnce();
    statusOption(world, board, 'In Review').name = 'Review';
    // Saved again (as a second user registering it would): the board is read from GitHub.
    const saved = await world.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: world.auth,
      payload: { project_id: board.projectId, name: 'Scripted', iteration_length: 7 },
    });
    expect(saved.statusCode).toBe(200);
    expect(JSON.parse((await world.board(row.id)).column_list)).toEqual([
      'Todo',
      'In Progress',
      'Review',
      'Done',
    ]);
    expect((await named(world, board, row.id)).map((r) => r.to)).toEqual(['Review']);
  });

  it('a webhook naming columns the board does not know brings a full sync, which reads them', async () => {
    const board = await world.createBoard('fluxion-labs', { a: 'Todo' });
    const row = await world.register(board.projectId);
    const collector = world.collector();
    await collector.runOnce();
    const project = world.sim.world.projects.get(board.projectId);
    if (!project) throw new Error('no such board');
    const done = project.statusField.options[3];
    // A new option in Done's place (a renamed one, same id, is recognised by its id: workflow-field.test.ts).
    if (done) Object.assign(done, { id: 'shipped1', name: 'Shipped' });
    project.statusField.options.splice(1, 0, { id: 'b1', name: 'Blocked', color: 'RED', description: '' });
    await at(world, 5 * MINUTE);
    await world.move(board.items.a ?? '', 'Blocked');
    await at(world, 6 * MINUTE);
    await world.move(board.items.a ?? '', 'Shipped');
    await world.flush();
    expect(await world.board(row.id)).toMatchObject({
      next_sync_at: START + 6 * MINUTE,
      last_full_sync_at: null,
    });
    await world.advance(1000);
    expect(await collector.runOnce()).toBe(1);
    expect(JSON.parse((await world.board(row.id)).column_list)).toEqual([
      'Todo',
      'Blocked',
      'In Progress',
      'In Review',
      'Shipped',
    ]);
    expect((await named(world, board, row.id)).slice(1)).toEqual([
      { item: 'a', from: 'Todo', to: 'Blocked', at: START + 5 * MINUTE, source: 'webhook' },
      { item: 'a', from: 'Blocked', to: 'Shipped', at: START + 6 * MINUTE, source: 'poll' },
    ]);
  });

  it('marks a board that became inaccessible and retries it later', async () => {
    const board = await world.createBoard('fluxion-labs', { a: 'Todo' });
    const row = await world.register(board.projectId);
    const collector = world.collector();
    await collector.runOnce();
    world.sim.world.orgs.get('fluxion-labs')?.members.delete('octo-alice');
    world.sim.webhooks.urls.splice(0); // no webhooks either: only polling can catch up
    await at(world, 2 * MINUTE);
    expect(await collector.runOnce()).toBe(1);
    const lost = await world.board(row.id);
    expect(lost).toMatchObject({ sync_status: 'inaccessible', sync_error_count: 1 });
    expect(lost.next_sync_at).toBe(START + 2 * MINUTE + HOUR);
    await world.move(board.items.a ?? '', 'Done');
    await at(world, 30 * MINUTE);
    expect(await collector.runOnce()).toBe(0);
    world.sim.world.orgs.get('fluxion-labs')?.members.add('octo-alice');
    await at(world, 2 * MINUTE + HOUR);
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(row.id)).toMatchObject({ sync_status: 'active', sync_error_count: 0 });
    expect((await named(world, board, row.id)).at(-1)).toEqual({
      item: 'a',
      from: 'Todo',
      to: 'Done',
      at: START + 2 * MINUTE,
      source: 'poll',
    });
  });

  it('when the collecting user loses access, another user tracking the board takes over at once', async () => {
    const board = await world.createBoard('fluxion-labs', { a: 'Todo' });
    const row = await world.register(board.projectId);
    const bob = await signedInUser(
      world.ctx,
      'octo-bob',
      encryptSecret(world.sim.createToken('octo-bob'), world.ctx.config.tokenEncryptionKey),
    );
    const added = await world.app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: bob.auth,
      payload: { project_id: board.projectId, iteration_length: 7 },
    });
    expect(added.statusCode, added.body).toBe(201);
    const collector = world.collector();
    await collector.runOnce();
    world.sim.webhooks.urls.splice(0); // only polling can catch up
    for (const [token, entry] of world.sim.world.tokens) {
      if (entry.login === 'octo-alice') world.sim.world.tokens.delete(token); // alice revoked the grant
    }
    await world.move(board.items.a ?? '', 'In Progress');
    await at(world, 2 * MINUTE);
    expect(await collector.runOnce()).toBe(1);
    const handedOver = await world.board(row.id);
    expect(handedOver).toMatchObject({ collector_user_id: bob.user.id, sync_status: 'inaccessible' });
    expect(handedOver.next_sync_at).toBe(START + 2 * MINUTE);
    expect(await collector.runOnce()).toBe(1);
    expect(await world.board(row.id)).toMatchObject({ sync_status: 'active', sync_error_count: 0 });
    expect((await named(world, board, row.id)).at(-1)).toMatchObject({
      item: 'a',
      from: 'Todo',
      to: 'In Progress',
    });
  });

  it('an item added to the board later enters it at its Status time, by poll and by webhook', async () => {
    const polled = await world.createBoard('octo-alice', {});
    const hooked = await world.createBoard('fluxion-labs', {});
    const rows = [await world.register(polled.projectId), await world.register(hooked.projectId)];
    const collector = world.collector();
    expect(await collector.runOnce()).toBe(2);
    await at(world, 3 * MINUTE);
    for (const board of [polled, hooked]) {
      await world.control('/_sim/issues', {
        repo: 'x/y',
        title: 'new',
        projectId: board.projectId,
        status: 'Todo',
      });
    }
    await world.flush();
    await world.advance(1000);
    expect(await collector.runOnce()).toBe(2); // the webhook board: `created` asked for a poll
    const sources: (string | undefined)[] = [];
    for (const row of rows) {
      const moves = await world.moves(row.id);
      expect(moves.map((m) => [m.from, m.to, m.at])).toEqual([[null, 'Todo', START + 3 * MINUTE]]);
      sources.push(moves[0]?.source);
    }
    expect(sources).toEqual(['poll', 'webhook']);
  });

  /** A collected board whose row is set as `state`, then an item added on GitHub (its webhook asks for a sync). */
  async function itemAddedTo(state: {
    sync_error_count?: number;
    next_sync_at?: number;
    github_updated_at?: string;
  }) {
    const hooked = await world.createBoard('fluxion-labs', {});
    const row = await world.register(hooked.projectId);
    await world.collector().runOnce();
    await world.ctx.db.updateTable('boards').set(state).where('id', '=', row.id).execute();
    await world.control('/_sim/issues', {
      repo: 'x/y',
      title: 'new',
      projectId: hooked.projectId,
      status: 'Todo',
    });
    await world.flush();
    return world.board(row.id);
  }

  it('a board backing off from errors keeps its schedule when a webhook asks for a poll', async () => {
    const backingOff = START + HOUR;
    const board = await itemAddedTo({ sync_error_count: 3, next_sync_at: backingOff });
    expect(board.next_sync_at).toBe(backingOff);
  });

  it("a webhook asking for a sync brings a listing whatever the board's updatedAt says", async () => {
    // As if a poll had found the board unchanged: its updatedAt is kept to compare with.
    const due = await itemAddedTo({ github_updated_at: '2026-01-01T00:00:00Z' });
    expect(due.next_sync_at).toBe(world.ctx.now());
    // A host where adding an item leaves updatedAt as it was must not make the sync skip the listing.
    expect(due.github_updated_at).toBeNull();
  });

  it('a webhook with a wrong signature is refused and records nothing', async () => {
    const board = await world.createBoard('fluxion-labs', { a: 'Todo' });
    const row = await world.register(board.projectId);
    await world.collector().runOnce();
    world.sim.webhooks.secret = 'not-the-shared-secret';
    await at(world, MINUTE);
    await world.move(board.items.a ?? '', 'Done');
    await world.flush();
    const delivery = world.sim.webhooks.deliveries.at(-1);
    expect(delivery?.status).toBe(401);
    expect(await world.moves(row.id)).toHaveLength(1);
    world.sim.webhooks.secret = world.ctx.config.github.webhookSecret ?? '';
    await world.redeliver(delivery?.id ?? '');
    expect((await world.moves(row.id)).map((m) => [m.from, m.to, m.source])).toEqual([
      [null, 'Todo', 'snapshot'],
      ['Todo', 'Done', 'webhook'],
    ]);
  });
});
