import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_VERSION, DEFAULT_PRICE_ID, type StripeSim, startStripeSim } from '@fluxion/stripe-sim';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What the Stripe simulator answers, held against what Stripe publishes for the API version Fluxion pins:
 * stripe-node 23.1.0 (package-lock), whose types are generated from Stripe's OpenAPI description v2596
 * (`OPENAPI_VERSION` in the package) for `2026-10-28.endive`. For every field Fluxion reads of an object
 * (STRIPE_READS), the published type must have it and the simulator's value must be of that type; a field
 * the published type requires must be there.
 */
const require = createRequire(import.meta.url);
// The package's entry is `cjs/stripe.cjs.node.js`; its declarations are beside it, under esm/.
const STRIPE_ROOT = join(dirname(require.resolve('stripe')), '..');
const STRIPE_TYPES = join(STRIPE_ROOT, 'esm', 'resources');

/** The fields of Stripe's objects Fluxion reads (billing/*.ts), by the object's published type. */
const STRIPE_READS: Record<string, readonly string[]> = {
  Customer: ['id', 'object'],
  'Checkout.Session': [
    'id',
    'object',
    'url',
    'status',
    'customer',
    'subscription',
    'client_reference_id',
    'metadata',
  ],
  Subscription: [
    'id',
    'object',
    'status',
    'cancel_at_period_end',
    'ended_at',
    'customer',
    'metadata',
    'items.data[].id',
    'items.data[].quantity',
    'items.data[].current_period_start',
    'items.data[].current_period_end',
  ],
  Invoice: [
    'id',
    'object',
    'created',
    'currency',
    'status',
    'amount_paid',
    'amount_due',
    'hosted_invoice_url',
    'parent.subscription_details.subscription',
  ],
  Price: ['unit_amount', 'currency', 'recurring.interval', 'tax_behavior'],
  'BillingPortal.Session': ['object', 'url'],
  EventBase: ['id', 'object', 'api_version', 'created'],
};
/** What Fluxion reads of an event of each type, on its published type (`invoice.paid`: InvoicePaidEvent). */
const EVENT_READS = ['type', 'data.object'];
const eventTypeName = (type: string) =>
  `${type
    .split(/[._]/)
    .map((part) => `${part[0]?.toUpperCase()}${part.slice(1)}`)
    .join('')}Event`;

// ─── Stripe's published types, read from the declaration files ───

type Property = { type: string; optional: boolean };
type Declaration = { kind: 'interface'; properties: Map<string, Property> } | { kind: 'alias'; type: string };

/** Every interface and type alias of stripe-node's resources, by its dotted name (`Invoice.Parent`). */
function readDeclarations(): Map<string, Declaration> {
  const found = new Map<string, Declaration>();
  const files = readdirSync(STRIPE_TYPES, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.d.ts'),
  );
  for (const file of files) {
    const lines = readFileSync(join(STRIPE_TYPES, file), 'utf8')
      .replace(/\/\*\*[\s\S]*?\*\//g, '')
      .split('\n');
    // A folder's declarations are its namespace's (`Checkout/Sessions.d.ts`: Checkout.Session).
    const folder = dirname(file) === '.' ? null : dirname(file).replaceAll('/', '.');
    const scopes: { name: string | null; depth: number; properties?: Map<string, Property> }[] = [
      { name: folder, depth: -1 },
    ];
    let depth = 0;
    const path = () => scopes.map((s) => s.name).filter(Boolean);
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i] ?? '';
      const opened =
        /^\s*(?:export )?(?:declare )?(namespace|interface) (\w+)(?:<[^>]*>)?(?: extends [^{]+)? \{\s*$/.exec(
          line,
        );
      const alias = /^\s*(?:export )?(?:declare )?type (\w+)(?:<[^>]*>)? = (.*)$/.exec(line);
      const property = /^\s*(\w+)(\?)?: (.+);\s*$/.exec(line);
      const inInterface = scopes.at(-1)?.properties;
      if (opened) {
        const properties = opened[1] === 'interface' ? new Map<string, Property>() : undefined;
        scopes.push({ name: opened[2] ?? null, depth, properties });
        if (properties) found.set([...path()].join('.'), { kind: 'interface', properties });
        depth += 1;
        continue;
      }
      if (alias && !inInterface) {
        let text = alias[2] ?? '';
        while (!text.trim().endsWith(';') && i + 1 < lines.length) text += ` ${lines[++i]}`;
        found.set([...path(), alias[1]].join('.'), { kind: 'alias', type: text.trim().replace(/;$/, '') });
        continue;
      }
      if (property && inInterface && depth === (scopes.at(-1)?.depth ?? 0) + 1)
        inInterface.set(property[1] ?? '', { type: property[3] ?? '', optional: property[2] === '?' });
      depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
      while (scopes.length > 1 && depth <= (scopes.at(-1)?.depth ?? -1)) scopes.pop();
    }
  }
  return found;
}
const DECLARATIONS = readDeclarations();

/** A name as written in `scope` (e.g. `Parent.SubscriptionDetails` inside `Invoice`): the innermost match. */
function lookup(name: string, scope: string): { name: string; declaration: Declaration } | null {
  const bare = name.replace(/^Stripe\./, '');
  const parts = scope ? scope.split('.') : [];
  for (let n = parts.length; n >= 0; n -= 1) {
    const full = [...parts.slice(0, n), bare].join('.');
    const declaration = DECLARATIONS.get(full);
    if (declaration) return { name: full, declaration };
  }
  return null;
}

/** `a | B<c | d> | 'e'` → its alternatives, split at the top level only. */
function alternatives(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of type) {
    if ('<({['.includes(char)) depth += 1;
    if ('>)}]'.includes(char)) depth -= 1;
    if (char === '|' && depth === 0) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a JSON value is of the published type (written in `scope`). */
function accepts(type: string, scope: string, value: unknown): boolean {
  return alternatives(type).some((alternative) => {
    if (alternative === 'null') return value === null;
    if (['string', 'OtherString'].includes(alternative)) return typeof value === 'string';
    if (alternative === 'number') return typeof value === 'number';
    if (alternative === 'boolean') return typeof value === 'boolean';
    if (/^'.*'$/.test(alternative)) return value === alternative.slice(1, -1);
    if (alternative === 'true' || alternative === 'false') return value === (alternative === 'true');
    const array = /^Array<(.+)>$/.exec(alternative) ?? /^(\w[\w.]*)\[\]$/.exec(alternative);
    if (array) return Array.isArray(value) && value.every((v) => accepts(array[1] ?? '', scope, v));
    const list = /^ApiList<(.+)>$/.exec(alternative);
    if (list)
      return isObject(value) && accepts(`Array<${list[1]}>`, scope, (value as { data?: unknown }).data);
    if (alternative.startsWith('{') || /^(Stripe\.)?Metadata$/.test(alternative)) return isObject(value);
    const found = lookup(alternative, scope);
    if (found?.declaration.kind === 'alias')
      return accepts(found.declaration.type, scopeOf(found.name), value);
    return found?.declaration.kind === 'interface' && isObject(value);
  });
}
const scopeOf = (name: string) => name.split('.').slice(0, -1).join('.');

/** What is wrong with a read (`a.b`, `[]` for each element) of `value`, of the published type `type`. */
function problemsOf(type: string, scope: string, value: unknown, steps: string[], label: string): string[] {
  const [step, ...rest] = steps;
  if (step === undefined)
    return accepts(type, scope, value) ? [] : [`${label}: ${JSON.stringify(value)} is not ${type}`];
  if (step === '[]') {
    const element = alternatives(type)
      .map((a) => /^Array<(.+)>$/.exec(a)?.[1] ?? /^(\w[\w.]*)\[\]$/.exec(a)?.[1])
      .find(Boolean);
    if (!element || !Array.isArray(value)) return [`${label}: not a list of the published ${type}`];
    if (value.length === 0) return [`${label}: an empty list checks nothing`];
    return value.flatMap((v, i) => problemsOf(element, scope, v, rest, `${label}[${i}]`));
  }
  if (value === null && alternatives(type).includes('null')) return [];
  if (typeof value === 'string' && alternatives(type).includes('string')) return [];
  const listOf = alternatives(type)
    .map((a) => /^ApiList<(.+)>$/.exec(a)?.[1])
    .find(Boolean);
  if (listOf && step === 'data')
    return problemsOf(`Array<${listOf}>`, scope, (value as { data?: unknown })?.data, rest, `${label}.data`);
  const owner = alternatives(type)
    .map((a) => lookup(a, scope))
    .find((found) => found?.declaration.kind === 'interface' && found.declaration.properties.has(step));
  if (owner?.declaration.kind !== 'interface') return [`${label}: Stripe publishes no ${step} on ${type}`];
  const property = owner.declaration.properties.get(step) as Property;
  const field = isObject(value) ? (value as Record<string, unknown>)[step] : undefined;
  if (field === undefined)
    return property.optional ? [] : [`${label}.${step}: missing, and Stripe always sends it`];
  return problemsOf(property.type, owner.name, field, rest, `${label}.${step}`);
}

function check(typeName: string, value: unknown, reads = STRIPE_READS[typeName] ?? []): string[] {
  return reads.flatMap((read) =>
    problemsOf(typeName, '', value, read.replaceAll('[]', '.[]').split('.'), typeName),
  );
}

// ─── The simulator's answers ───

let sim: StripeSim;
let stripe: Stripe;
const events: unknown[] = [];
let receiver: ReturnType<typeof createServer>;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      events.push(JSON.parse(body));
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port: receiverPort } = receiver.address() as AddressInfo;
  sim = await startStripeSim({
    webhookUrl: `http://127.0.0.1:${receiverPort}/`,
    webhookSecret: 'whsec_published_types',
    now: () => Date.UTC(2026, 10, 1),
  });
  const port = Number(new URL(sim.url).port);
  stripe = new Stripe('sk_test_123', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
});
afterAll(async () => {
  await sim.close();
  await new Promise((resolve) => receiver.close(resolve));
});

describe("the Stripe simulator's objects against Stripe's published types for the pinned version", () => {
  it('pins the version stripe-node is generated for', () => {
    expect(API_VERSION).toBe(Stripe.API_VERSION);
    expect(readFileSync(join(STRIPE_ROOT, 'OPENAPI_VERSION'), 'utf8').trim()).toBe('v2596');
  });

  it('the published types are read: every type Fluxion reads is found', () => {
    for (const name of Object.keys(STRIPE_READS))
      expect(DECLARATIONS.get(name)?.kind, name).toBe('interface');
    // A read Stripe does not publish is named as such.
    expect(problemsOf('Subscription', '', {}, ['current_period_end'], 'Subscription')).toEqual([
      'Subscription: Stripe publishes no current_period_end on Subscription',
    ]);
    expect(problemsOf('Subscription', '', { status: 'sleeping' }, ['status'], 'Subscription')).toEqual([]);
    expect(problemsOf('Invoice', '', { amount_due: '12' }, ['amount_due'], 'Invoice')).toHaveLength(1);
    expect(problemsOf('Subscription', '', {}, ['ended_at'], 'Subscription')).toEqual([
      'Subscription.ended_at: missing, and Stripe always sends it',
    ]);
    expect(
      problemsOf(
        'Invoice',
        '',
        { parent: { subscription_details: { subscription: 7 } } },
        'parent.subscription_details.subscription'.split('.'),
        'Invoice',
      ),
    ).toHaveLength(1);
  });

  it('customers, checkout sessions, subscriptions, invoices, prices, portal sessions and events carry what Fluxion reads', async () => {
    const customer = await stripe.customers.create({ name: 'octo-alice', metadata: { user_id: 'u1' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u1',
      line_items: [{ price: DEFAULT_PRICE_ID, quantity: 1 }],
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/payment-cancelled',
      subscription_data: { metadata: { user_id: 'u1' } },
    });
    const paid = await fetch(`${sim.url}/c/pay/${session.id}/confirm`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    const subscriptionId = String(completed.subscription);
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    const updated = await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 24 });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://app.test/',
    });
    await sim.webhooks.idle();

    const answered: [string, unknown][] = [
      ['Customer', customer],
      ['Customer', await stripe.customers.retrieve(customer.id)],
      ['Checkout.Session', session],
      ['Checkout.Session', completed],
      ['Subscription', subscription],
      ['Subscription', updated],
      ...invoices.data.map((invoice): [string, unknown] => ['Invoice', invoice]),
      ['Price', await stripe.prices.retrieve(DEFAULT_PRICE_ID)],
      ['BillingPortal.Session', portal],
    ];
    expect(invoices.data.length).toBeGreaterThan(0);
    const objectType: Record<string, string> = {
      'checkout.session': 'Checkout.Session',
      subscription: 'Subscription',
      invoice: 'Invoice',
      customer: 'Customer',
    };
    const eventProblems: string[] = [];
    for (const event of events as { type: string; data: { object: { object: string } } }[]) {
      answered.push(['EventBase', event]);
      eventProblems.push(...check(eventTypeName(event.type), event, EVENT_READS));
      answered.push([objectType[event.data.object.object] ?? event.data.object.object, event.data.object]);
    }
    const types = new Set(events.map((e) => (e as { type: string }).type));
    for (const handled of ['checkout.session.completed', 'customer.subscription.updated', 'invoice.paid'])
      expect(types).toContain(handled);
    expect(answered.flatMap(([type, value]) => check(type, value))).toEqual([]);
    expect(eventProblems).toEqual([]);
  });
});
