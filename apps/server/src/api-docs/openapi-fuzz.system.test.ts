import { startGithubSim } from '@fluxion/github-sim';
import { DEFAULT_PRICE_ID, startStripeSim } from '@fluxion/stripe-sim';
import { sign } from '@octokit/webhooks-methods';
import fc from 'fast-check';
import Stripe from 'stripe';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { dialectCases } from '../testing/databases.ts';
import { readerFactory } from '../collector/readers.ts';
import { createCollector } from '../collector/runner.ts';
import { buildTestApp, testClock } from '../testing/app.ts';
import { vaultBoard } from '../testing/private-board.ts';
import { signedInGithubUser } from '../testing/users.ts';

/**
 * A fuzz test driven by the OpenAPI document, in the system tier: 0 answers of 500 for bad input. Every
 * operation of /api/openapi.json gets malformed input made from its own schemas (wrong types, huge and
 * negative numbers, dates that are not usable, empty and very long strings, unicode, extra fields, lists
 * where one value is expected), signed in as a user who tracks a board, the webhooks signed. Deterministic
 * (one seed); SQLite.
 */
const SEED = 19;
// Per database: SQLite and PostgreSQL each answer this many of every operation.
const RUNS_PER_OPERATION = 20;
const WEBHOOK_SECRET = 'whsec_fuzz';

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  default?: unknown;
};
type Parameter = { name: string; in: 'query' | 'path'; required: boolean; schema: Schema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};

/** Texts that have broken parsers before, dates first (0050-01-01 once took a board down). */
const WEIRD_TEXTS = [
  '0050-01-01',
  '0099-12-31',
  '0000-01-01',
  '1969-12-31',
  '9999-12-31',
  '10000-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-00-00',
  '+002026-01-01',
  '2026-01-01T00:00:00Z',
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  '0x10',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  'x\u0000',
  'a\u0000b',
  '\u0001',
  '\u0007bell',
  '\u001b[31mred',
  '\u007f',
  'line\nbreak\ttab',
  '\u202e',
  '🙂',
  'Zürich Ünïcødé 東京',
  "'; DROP TABLE boards; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'x'.repeat(300),
  'y'.repeat(20_000),
];
const WEIRD_NUMBERS = [
  -1,
  0,
  -0,
  1.5,
  -1e308,
  1e308,
  2 ** 53 + 1,
  -(2 ** 31),
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_VALUE,
];

const weirdText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);
/** Any JSON value but the right one: scalars of every type, lists, objects, nesting. */
const weirdJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    weirdText,
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(...WEIRD_NUMBERS),
    fc.double(),
    fc.constantFrom(null, true, false),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'days', 'from'), tie('value'), {
      maxKeys: 3,
    }),
  ),
})).value;

const types = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : [schema.type]);

/** Values of a body's fields that reach past validation (filled in once the board is known). */
const KNOWN_IN_BODIES: Record<string, unknown> = { iteration_length: 7, time_zone: 'Europe/Paris' };

/** Dates the API accepts, its range's edges and a leap day among them. */
const EDGE_DATES = ['1970-01-01', '9999-12-31', '2024-02-29', '2026-10-01', '2026-11-01', '2100-02-28'];

/** Texts within a length range: the weird ones that fit, or any. */
const textWithin = (min = 0, max = 200) =>
  fc.oneof(
    weirdText.filter((text) => text.length >= min && text.length <= max),
    fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) }),
  );

/** A value the schema accepts, at its edges where it has them (weird texts that fit, bounds, empty lists). */
function valid(schema: Schema): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(valid));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const [type] = types(schema);
  switch (type) {
    case 'string':
      if (schema.format === 'date') return fc.constantFrom(...EDGE_DATES);
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return textWithin(schema.minLength, schema.maxLength);
    case 'number':
    case 'integer': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? Number.MAX_SAFE_INTEGER;
      return fc.oneof(fc.constantFrom(min, max), fc.integer({ min, max: Math.min(max, 400) }));
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valid(schema.items ?? {}), { maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => {
          const known = KNOWN_IN_BODIES[name];
          return [
            name,
            known === undefined ? valid(property) : fc.oneof(fc.constant(known), valid(property)),
          ];
        }),
      );
      return fc.record(properties, { requiredKeys: schema.required ?? [] });
    }
    default:
      return weirdJson;
  }
}

/** A value of the wrong type or out of the schema's bounds. */
function malformed(schema: Schema): fc.Arbitrary<unknown> {
  const near: fc.Arbitrary<unknown>[] = [];
  const [type] = types(schema);
  if (type === 'string' || schema.anyOf) {
    near.push(
      fc.string({ minLength: (schema.maxLength ?? 200) + 1, maxLength: (schema.maxLength ?? 200) + 5 }),
    );
  }
  if (type === 'array' || schema.anyOf) {
    near.push(
      fc.array(weirdJson, { minLength: (schema.maxItems ?? 20) + 1, maxLength: (schema.maxItems ?? 20) + 2 }),
    );
  }
  if (type === 'object') {
    // One property malformed, or extra ones.
    const names = Object.keys(schema.properties ?? {});
    if (names.length > 0) {
      near.push(
        fc.tuple(valid(schema), fc.constantFrom(...names)).chain(([value, name]) =>
          malformed(schema.properties?.[name] ?? {}).map((bad) => ({
            ...(value as object),
            [name]: bad,
          })),
        ),
      );
    }
    near.push(
      fc
        .tuple(valid(schema), fc.dictionary(fc.string({ maxLength: 8 }), weirdJson, { maxKeys: 3 }))
        .map(([value, extra]) => ({ ...extra, ...(value as object) })),
    );
  }
  return fc.oneof(weirdJson, ...near);
}

/** A query or path value as a URL carries it: text, or a list of texts (a repeated parameter). */
const asQueryValue = (value: unknown): string | string[] =>
  Array.isArray(value)
    ? value.map((one) => (typeof one === 'string' ? one : (JSON.stringify(one) ?? '')))
    : typeof value === 'string'
      ? value
      : (JSON.stringify(value) ?? '');

type Request = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
};

describe.each(await dialectCases())(
  'the API under malformed input, from its OpenAPI document, on $name (system)',
  async ({ create }) => {
    const database = await create();
    const github = await startGithubSim({ port: 0 });
    const stripeSim = await startStripeSim({ webhookSecret: WEBHOOK_SECRET, secretKey: 'sk_test_fuzz' });
    const vault = await vaultBoard(github);
    // The Stripe simulator, and limits no run reaches: each request gets to its handler.
    const stripe = {
      mode: 'sim' as const,
      secretKey: 'sk_test_fuzz',
      publishableKey: null,
      webhookSecret: WEBHOOK_SECRET,
      priceId: DEFAULT_PRICE_ID,
      apiUrl: stripeSim.url,
    };
    const { app, ctx } = await buildTestApp(database, {
      githubUrl: github.url,
      clock: testClock(Date.now()),
      config: { stripe, authRateLimitPerMinute: 1_000_000 },
    });
    // Bob tracks the board, collected once: the analyses have moves and items to read.
    const bob = await signedInGithubUser(ctx, github, 'octo-bob');
    const added = await app.inject({
      method: 'POST',
      url: '/api/projects/',
      headers: bob.auth,
      payload: { project_id: vault, iteration_length: 7 },
    });
    if (added.statusCode !== 201) throw new Error(`add ${vault}: ${added.statusCode} ${added.body}`);
    await createCollector(ctx, readerFactory(ctx, null, { retries: 1, retryDelayScale: 0 }), {
      backfill: false,
    }).runOnce();
    const webhookSecret = ctx.config.github.webhookSecret ?? '';
    const link = await app.inject({
      method: 'POST',
      url: '/api/share-links/',
      headers: bob.auth,
      payload: { project: vault },
    });
    const token: string = link.json().token;
    Object.assign(KNOWN_IN_BODIES, { project: vault, project_id: vault });
    afterAll(async () => {
      await app.close();
      await Promise.all([github.close(), stripeSim.close()]);
      await database.drop();
    });

    /** Values the board and user have: a required parameter gets one, so the others are reached. */
    const KNOWN: Record<string, string> = {
      project: vault,
      project_id: vault,
      id: vault,
      column: 'Todo',
      days: '30',
      token,
      owner: 'fluxion-labs',
    };

    const documentAnswer = await app.inject({ url: '/api/openapi.json' });
    const document = documentAnswer.json() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );

    function requests(path: string, method: string, operation: Operation): fc.Arbitrary<Request> {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content['application/json']?.schema;
      // A request is one of: every parameter good but one malformed (what validation must catch); every
      // parameter accepted by its schema, at its edges (what the handlers must cope with); or anything.
      const good = parameters.map((parameter) => {
        const known = KNOWN[parameter.name];
        const choices: fc.Arbitrary<unknown>[] = [valid(parameter.schema)];
        // A DELETE never names the real board: it would be gone for the rest of the run.
        if (known !== undefined && method !== 'DELETE') choices.push(fc.constant(known), fc.constant(known));
        if (!parameter.required && parameter.in === 'query') choices.push(fc.constant(undefined));
        return fc.oneof(...choices);
      });
      const bad = parameters.map((parameter) => fc.oneof(malformed(parameter.schema), weirdText));
      const mode = fc.constantFrom('one bad', 'one bad', 'edges', 'edges', 'anything');
      const shape = fc.record({
        mode,
        which: fc.nat(),
        good: fc.tuple(...good),
        bad: fc.tuple(...bad),
        chaos: fc.tuple(
          ...parameters.map((_, i) =>
            fc.oneof(good[i] as fc.Arbitrary<unknown>, bad[i] as fc.Arbitrary<unknown>),
          ),
        ),
        body: body
          ? fc.record({ malformed: malformed(body), edges: valid(body), anything: weirdJson })
          : fc.constant(null),
      });
      return shape.map(({ mode, which, good, bad, chaos, body: bodies }) => {
        const values: unknown[] =
          mode === 'edges'
            ? good
            : mode === 'anything'
              ? chaos
              : good.map((v, i) => (i === which % good.length ? bad[i] : v));
        // With one bad parameter, the body is the one malformed (when there are no parameters).
        const payload = !bodies
          ? undefined
          : mode === 'edges'
            ? bodies.edges
            : mode === 'anything'
              ? bodies.anything
              : parameters.length === 0 || which % 2 === 0
                ? bodies.malformed
                : bodies.edges;
        let url = path;
        const search = new URLSearchParams();
        parameters.forEach((parameter, i) => {
          const value = values[i];
          if (value === undefined) return;
          const text = asQueryValue(value);
          if (parameter.in === 'path') {
            url = url.replace(`{${parameter.name}}`, encodeURIComponent(String(text) || '-'));
          } else {
            for (const one of Array.isArray(text) ? text : [text]) search.append(parameter.name, one);
          }
        });
        const query = search.toString();
        const request: Request = {
          method,
          url: query ? `${url}?${query}` : url,
          headers: { ...bob.auth },
        };
        if (payload !== undefined) {
          request.payload = JSON.stringify(payload);
          request.headers = { ...request.headers, 'content-type': 'application/json' };
        }
        return request;
      });
    }

    /** A `projects_v2_item` delivery of the board, as GitHub sends one, with some parts malformed. */
    const githubDeliveries: fc.Arbitrary<{ event: string; payload: unknown }> = fc
      .record({
        action: fc.constantFrom(
          'edited',
          'archived',
          'deleted',
          'created',
          'restored',
          'converted',
          'reordered',
        ),
        updated_at: fc.oneof(fc.constant('2026-11-01T09:00:00Z'), weirdText, weirdJson),
        archived_at: fc.oneof(fc.constant(undefined), fc.constant(null), weirdText, weirdJson),
        node_id: fc.oneof(fc.constant('PVTI_fuzz'), weirdJson),
        project_node_id: fc.oneof(fc.constant(vault), weirdJson),
        from: fc.oneof(fc.constant({ name: 'Todo' }), weirdJson),
        to: fc.oneof(fc.constant({ name: 'Done' }), weirdJson),
        field_type: fc.oneof(fc.constant('single_select'), weirdJson),
        whole: fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, weirdJson),
        event: fc.oneof(
          { weight: 5, arbitrary: fc.constant('projects_v2_item') },
          fc.constantFrom('ping', 'issues', ''),
        ),
      })
      .map((d) => ({
        event: d.event,
        payload:
          d.whole !== undefined
            ? d.whole
            : {
                action: d.action,
                projects_v2_item: {
                  node_id: d.node_id,
                  project_node_id: d.project_node_id,
                  updated_at: d.updated_at,
                  ...(d.archived_at === undefined ? {} : { archived_at: d.archived_at }),
                },
                changes: {
                  field_value: { field_type: d.field_type, field_name: 'Status', from: d.from, to: d.to },
                },
              },
      }));

    /** What Stripe's objects carry (a session, a subscription, an invoice), each part weird or left out. */
    const stripeObject = fc.record(
      {
        id: fc.oneof(fc.constantFrom('cs_fuzz', 'sub_fuzz', 'in_fuzz'), weirdJson),
        object: fc.oneof(fc.constantFrom('checkout.session', 'subscription', 'invoice'), weirdJson),
        customer: fc.oneof(fc.constant('cus_fuzz'), weirdJson),
        subscription: fc.oneof(fc.constant('sub_fuzz'), weirdJson),
        client_reference_id: fc.oneof(fc.constant(bob.user.id), weirdJson),
        status: fc.oneof(fc.constantFrom('active', 'canceled', 'past_due', 'complete'), weirdJson),
        current_period_end: fc.oneof(fc.constant(1_800_000_000), weirdJson),
        cancel_at_period_end: fc.oneof(fc.boolean(), weirdJson),
        metadata: fc.oneof(fc.constant({ user_id: bob.user.id }), weirdJson),
        items: weirdJson,
      },
      { requiredKeys: [] },
    );

    /** A Stripe event, signed, whose parts are malformed. */
    const stripeEvents = fc.record({
      id: fc.oneof(fc.constant('evt_fuzz'), weirdJson),
      type: fc.oneof(
        fc.constantFrom(
          'checkout.session.completed',
          'customer.subscription.updated',
          'customer.subscription.deleted',
          'invoice.paid',
          'invoice.payment_failed',
        ),
        weirdJson,
      ),
      api_version: fc.oneof(fc.constant(undefined), weirdJson),
      created: fc.oneof(fc.constant(1_790_000_000), weirdJson),
      data: fc.oneof(
        { weight: 4, arbitrary: fc.record({ object: stripeObject }) },
        { weight: 1, arbitrary: weirdJson },
      ),
    });

    it('answers no 500 to any of them', { timeout: 600_000 }, async () => {
      const failures: string[] = [];
      const statuses = new Map<string, number>();
      let sent = 0;
      const send = async (request: Request, what: string) => {
        sent += 1;
        const response = await app.inject(request as InjectOptions);
        const key = `${what} ${response.statusCode}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (response.statusCode >= 500) {
          const shown = `${request.method} ${request.url.slice(0, 300)} ${request.payload?.slice(0, 300) ?? ''}`;
          failures.push(`${what}: ${response.statusCode} ${response.body.slice(0, 200)} ← ${shown}`);
        }
      };
      expect(operations.length).toBeGreaterThan(30);
      for (const [index, { path, method, operation }] of operations.entries()) {
        if (path.startsWith('/webhooks/')) continue;
        const samples = fc.sample(requests(path, method, operation), {
          seed: SEED + index,
          numRuns: RUNS_PER_OPERATION,
        });
        for (const request of samples) await send(request, operation.operationId);
      }
      for (const delivery of fc.sample(githubDeliveries, { seed: SEED, numRuns: RUNS_PER_OPERATION * 2 })) {
        const payload = JSON.stringify(delivery.payload) ?? '';
        const headers = {
          'content-type': 'application/json',
          'x-github-event': delivery.event,
          'x-github-delivery': `fuzz-${sent}`,
          'x-hub-signature-256': await sign(webhookSecret, payload),
        };
        await send({ method: 'POST', url: '/webhooks/github', headers, payload }, 'githubWebhook');
      }
      const stripe = new Stripe('sk_test_fuzz');
      for (const event of fc.sample(stripeEvents, { seed: SEED, numRuns: RUNS_PER_OPERATION })) {
        const payload = JSON.stringify({ object: 'event', ...event });
        const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
        await send({ method: 'POST', url: '/webhooks/stripe', headers, payload }, 'stripeWebhook');
      }
      expect(sent).toBeGreaterThan(operations.length * RUNS_PER_OPERATION);
      // FUZZ_STATUSES=1 shows how far the requests got: each operation's answers by status.
      if (process.env.FUZZ_STATUSES) console.log([...statuses].sort().join('\n'));
      expect(failures, failures.join('\n')).toEqual([]);
    });
  },
);
