import { describe, expect, it } from 'vitest';
import {
  collectorWorldPerTest,
  dialectAndSchemaCases,
  HOUR,
  MINUTE,
  START,
} from '../testing/collector-sim.ts';

const DAY = 24 * HOUR;

/**
 * Iterations and estimates read from the board (docs/metrics.md, "Iterations and estimates"): a board with
 * an Iteration field and Number fields in the simulator, tracked end to end: the team picks the estimate
 * field, the collector records each item's iteration and estimate and their changes, and the analyses
 * count them.
 */
describe.each(await dialectAndSchemaCases())(
  'iterations and estimates from GitHub on $name, $schema schema',
  ({ create, schema }) => {
    const world = collectorWorldPerTest(create, schema);

    it('reads the Iteration field and the chosen estimate, records changes, and serves the report and the filter', async () => {
      const project = await world.control<{ id: string }>('/_sim/projects', {
        owner: 'fluxion-labs',
        title: 'Planned board',
        columns: ['Todo', 'Doing', 'Done'],
        at: START - 30 * DAY,
        iterationField: {
          name: 'Sprint',
          iterations: [
            { title: 'Sprint 1', startDate: '2026-10-17', duration: 7 },
            { title: 'Sprint 2', startDate: '2026-10-24', duration: 7 },
            { title: 'Sprint 3', startDate: '2026-10-31', duration: 7 },
          ],
        },
        numberFields: ['Points', 'Hours'],
      });
      const issue = async (
        title: string,
        status: string,
        fields: Record<string, string | number>,
        at = START - 2 * DAY,
      ) =>
        (
          await world.control<{ itemId: string }>('/_sim/issues', {
            repo: 'fluxion-labs/planned',
            title,
            projectId: project.id,
            status,
            at,
            fields,
          })
        ).itemId;
      const a = await issue('a', 'Doing', { Sprint: 'Sprint 3', Points: 3, Hours: 10 });
      const b = await issue('b', 'Todo', { Sprint: 'Sprint 3', Points: 5 });
      await issue('c', 'Done', { Sprint: 'Sprint 2', Points: 8 });

      // The Add dialog offers the Number fields; the team picks Points.
      const fields = await world.app.inject({
        url: `/api/github-project-fields/?project_id=${project.id}`,
        headers: world.auth,
      });
      expect(fields.json()).toMatchObject({ iteration_field: { name: 'Sprint' } });
      const numbers = fields.json().number_fields as { id: string; name: string }[];
      expect(numbers.map((f) => f.name)).toEqual(['Points', 'Hours']);
      const points = numbers.find((f) => f.name === 'Points')?.id;
      const bad = await world.app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: world.auth,
        payload: { project_id: project.id, iteration_length: 7, estimate_field_id: 'PVTF_nope' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().field).toBe('estimate_field_id');
      const added = await world.app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: world.auth,
        payload: { project_id: project.id, iteration_length: 7, estimate_field_id: points },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(await world.collector().runOnce()).toBe(1);

      const get = (url: string) => world.app.inject({ url, headers: world.auth });
      const report = async (unit = 'items') =>
        (await get(`/api/iterations/?project=${project.id}&unit=${unit}`)).json();
      const first = await report('estimate');
      expect(first).toMatchObject({ iteration_field: 'Sprint', estimate_field: 'Points' });
      expect(first.iterations.map((i: { title: string }) => i.title)).toEqual([
        'Sprint 1',
        'Sprint 2',
        'Sprint 3',
      ]);
      // First seen on Sprint 3's second day, after its commitment point: committed is the scope seen then.
      expect(first.current).toMatchObject({
        title: 'Sprint 3',
        committed: 8,
        scope: 8,
        added: 0,
        partial: true,
      });

      // Two minutes later: b is re-estimated, a new issue joins Sprint 3, a leaves it.
      await world.advance(2 * 60_000);
      await world.control(`/_sim/items/${b}/fields`, { fields: { Points: 8 } });
      await issue('d', 'Todo', { Sprint: 'Sprint 3', Points: 2 }, world.ctx.now());
      await world.control(`/_sim/items/${a}/fields`, { fields: { Sprint: null } });
      await world.advance(2 * 60_000);
      await world.collector().runOnce();
      const later = await report('estimate');
      expect(later.current).toMatchObject({ committed: 8, added: 2, removed: 3, scope: 10 });
      expect((await report()).current).toMatchObject({ committed: 2, added: 1, removed: 1, scope: 2 });

      // The iteration filter and the estimate unit on the Flow page.
      const flow = await get(`/api/flow/?project=${project.id}&iteration=current&unit=estimate`);
      expect(flow.statusCode, flow.body).toBe(200);
      expect(flow.json().unit).toBe('estimate');
      expect(flow.json().performance_insight.message).toContain('(Filter on: iteration "Sprint 3".)');
      const done = await get(`/api/flow/?project=${project.id}&iteration=previous&unit=estimate`);
      // c (8 points, in Done) is Sprint 2's: the only item there.
      expect(done.json().cfd.at(-1).counts.Done).toBe(8);
    });

    it('an Iteration or estimate field renamed on GitHub between full listings takes no item out of its iteration', async () => {
      const project = await world.control<{ id: string }>('/_sim/projects', {
        owner: 'fluxion-labs',
        title: 'Renamed plan',
        columns: ['Todo', 'Doing', 'Done'],
        at: START - 30 * DAY,
        iterationField: {
          name: 'Sprint',
          iterations: [{ title: 'Sprint 1', startDate: '2026-10-31', duration: 14 }],
        },
        numberFields: ['Points'],
      });
      const issue = async (title: string) =>
        (
          await world.control<{ itemId: string }>('/_sim/issues', {
            repo: 'fluxion-labs/planned',
            title,
            projectId: project.id,
            status: 'Todo',
            at: START - 2 * DAY,
            fields: { Sprint: 'Sprint 1', Points: 3 },
          })
        ).itemId;
      const a = await issue('a');
      await issue('b');
      const fields = await world.app.inject({
        url: `/api/github-project-fields/?project_id=${project.id}`,
        headers: world.auth,
      });
      const points = (fields.json().number_fields as { id: string }[])[0]?.id;
      const added = await world.app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: world.auth,
        payload: { project_id: project.id, iteration_length: 7, estimate_field_id: points },
      });
      expect(added.statusCode, added.body).toBe(201);
      await world.collector().runOnce();
      const report = async () =>
        (
          await world.app.inject({
            url: `/api/iterations/?project=${project.id}&unit=estimate`,
            headers: world.auth,
          })
        ).json();
      expect((await report()).current).toMatchObject({ scope: 6, removed: 0 });

      const board = world.sim.world.projects.get(project.id);
      if (!board?.iterationField || !board.numberFields?.[0])
        throw new Error('the simulator has no iteration fields');
      board.iterationField.name = 'Cycle';
      board.numberFields[0].name = 'Size';
      // a moves with its webhook lost: the minute's incremental poll lists it under the old field names.
      await world.control('/_sim/faults', { type: 'drop-webhooks', count: 1 });
      await world.advance(5 * MINUTE);
      await world.move(a, 'Doing');
      await world.flush();
      await world.advance(MINUTE);
      await world.collector().runOnce();
      expect((await report()).current).toMatchObject({ scope: 6, removed: 0 });
      expect(await report()).toMatchObject({ iteration_field: 'Cycle', estimate_field: 'Size' });
    });

    it("records an edit of an item's iteration or estimate from its webhook, when it was made", async () => {
      const project = await world.control<{ id: string }>('/_sim/projects', {
        owner: 'fluxion-labs',
        title: 'Planned by webhook',
        columns: ['Todo', 'Doing', 'Done'],
        at: START - 30 * DAY,
        iterationField: {
          name: 'Sprint',
          iterations: [
            { title: 'Sprint 2', startDate: '2026-10-24', duration: 7 },
            { title: 'Sprint 3', startDate: '2026-10-31', duration: 7 },
          ],
        },
        numberFields: ['Points', 'Hours'],
      });
      const created = await world.control<{ itemId: string }>('/_sim/issues', {
        repo: 'fluxion-labs/planned',
        title: 'a',
        projectId: project.id,
        status: 'Doing',
        at: START - 2 * DAY,
        fields: { Sprint: 'Sprint 3', Points: 3 },
      });
      const a = created.itemId;
      await world.flush();
      const fields = await world.app.inject({
        url: `/api/github-project-fields/?project_id=${project.id}`,
        headers: world.auth,
      });
      const points = (fields.json().number_fields as { id: string; name: string }[]).find(
        (f) => f.name === 'Points',
      );
      const added = await world.app.inject({
        method: 'POST',
        url: '/api/projects/',
        headers: world.auth,
        payload: { project_id: project.id, iteration_length: 7, estimate_field_id: points?.id },
      });
      expect(added.statusCode, added.body).toBe(201);
      expect(await world.collector().runOnce()).toBe(1);
      const boardId = (await world.ctx.db.selectFrom('boards').select('id').executeTakeFirstOrThrow()).id;
      const changes = () =>
        world.ctx.db
          .selectFrom('item_iteration_changes')
          .select(['at', 'iteration_id', 'estimate', 'source'])
          .where('board_id', '=', boardId)
          .orderBy('at')
          .execute()
          .then((rows) =>
            rows.map((r) => ({ ...r, at: Number(r.at), estimate: r.estimate && Number(r.estimate) })),
          );
      const [first] = await changes();
      expect(first).toMatchObject({ at: START, estimate: 3, source: 'poll' });
      const sprint3 = first?.iteration_id;

      // Re-estimated, then moved to Sprint 2 in the same second, then its estimate cleared; Hours is not
      // the estimate field, so its edit changes nothing. Each as its webhook tells it, no poll in between.
      await world.advance(5 * MINUTE);
      const delivered = (await world.deliveries()).length;
      const edit = async (values: Record<string, string | number | null>) => {
        await world.control(`/_sim/items/${a}/fields`, { fields: values });
        await world.flush();
      };
      await edit({ Points: 5 });
      await edit({ Sprint: 'Sprint 2' });
      await edit({ Hours: 12 });
      await world.advance(MINUTE);
      await edit({ Points: null });
      const sprint2 = (await changes()).at(-1)?.iteration_id;
      expect(sprint2).not.toBe(sprint3);
      const told = [
        first,
        { at: START + 5 * MINUTE, iteration_id: sprint2, estimate: 5, source: 'webhook' },
        { at: START + 6 * MINUTE, iteration_id: sprint2, estimate: null, source: 'webhook' },
      ];
      expect(await changes()).toEqual(told);
      const outcomes = (await world.deliveries()).slice(delivered).map((d) => [d.action, d.status]);
      expect(outcomes).toEqual(Array(4).fill(['edited', 200]));

      // The next poll sees the same iteration and estimate: nothing more to record.
      await world.advance(MINUTE);
      await world.collector().runOnce();
      expect(await changes()).toEqual(told);
    });
  },
);
