import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Profile } from '@fluxion/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Session, signInAcrossReplicas, simControl } from './testing/scale-out/http.ts';
import {
  type Child,
  freePorts,
  killEveryChild,
  startEntryPoint,
  stop,
  waitUntilReady,
} from './testing/scale-out/processes.ts';

/**
 * Local mode (`npm start` without GitHub or Stripe keys) as real processes: a payment made before a restart
 * is still there after it — the card can be updated, the subscription cancelled and its invoices listed —
 * because the Stripe simulator keeps its world in DATA_DIR, as the GitHub simulator does (docs/billing.md).
 */
describe('local mode keeps its payments across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'fluxion-local-payments-'));
  let env: Record<string, string>;
  let server: Child;
  let url: string;
  let stripeUrl: string;
  let alice: Session;

  const start = async () => {
    server = startEntryPoint('server', 'apps/server/src/main.ts', env);
    await waitUntilReady(`${url}/readyz`, server, 60_000);
  };

  beforeAll(async () => {
    const [port, githubPort, stripePort, mailPort] = (await freePorts(4)) as [number, number, number, number];
    url = `http://localhost:${port}`;
    stripeUrl = `http://127.0.0.1:${stripePort}`;
    env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      GITHUB_SIM_PORT: String(githubPort),
      STRIPE_SIM_PORT: String(stripePort),
      MAIL_SIM_PORT: String(mailPort),
      DATA_DIR: dataDir,
      COLLECTOR: 'off',
    };
    await start();
  }, 90_000);

  afterAll(async () => {
    await killEveryChild();
    rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('buys, restarts, then updates the card, cancels and lists the invoices', async () => {
    alice = await signInAcrossReplicas({ start: url, finish: url, login: 'octo-alice' });
    const checkout = await api<{ id: string }>(url, '/api/create-checkout-session/', {
      session: alice,
      method: 'POST',
      body: {},
    });
    expect(checkout.status).toBe(200);
    await simControl(stripeUrl, `/_sim/checkout/sessions/${checkout.body.id}/pay`, {});
    const confirmed = await api<Profile>(url, '/api/confirm-checkout-session/', {
      session: alice,
      method: 'POST',
      body: { session_id: checkout.body.id },
    });
    expect(confirmed.body).toMatchObject({ subscription_status: 'active', is_active_user: true });

    await stop(server);
    await start();

    const portal = await api<{ url: string }>(url, '/api/create-portal-session/', {
      session: alice,
      method: 'POST',
      body: {},
    });
    expect(portal.status, JSON.stringify(portal.body)).toBe(200);
    const updated = await fetch(`${portal.body.url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'number=4242+4242+4242+4242',
      redirect: 'manual',
    });
    expect(updated.status).toBe(303);
    expect(await (await fetch(portal.body.url)).text()).toContain('visa •••• 4242');

    const cancelled = await api<{ current_period_end: number }>(url, '/api/cancel-subscription/', {
      session: alice,
      method: 'POST',
      body: {},
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const invoices = await api<{ invoices: { status: string }[] }>(url, '/api/billing/invoices/', {
      session: alice,
    });
    expect(invoices.body.invoices.length).toBeGreaterThan(0);
    const profile = await api<Profile>(url, '/api/me/', { session: alice });
    expect(profile.body).toMatchObject({ subscription_status: 'active', cancel_at_period_end: true });
  }, 150_000);
});
