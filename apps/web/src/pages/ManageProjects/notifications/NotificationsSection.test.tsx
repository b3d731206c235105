import type { NotificationSettings, Project } from '@fluxion/contract';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationsSection } from './NotificationsSection.tsx';

const SETTINGS: NotificationSettings = {
  digest: false,
  alerts: false,
  by_email: true,
  by_slack: false,
  email: null,
  email_status: null,
  slack: { configured: false, hint: null, may_change: true },
  email_available: true,
  schedule: 'Mondays at 09:00 (Europe/Paris)',
  is_demo: false,
  status: {
    digest: {
      channel: 'email',
      state: 'pending',
      at: '2026-11-23T08:00:00.000Z',
      message: 'last digest failed: SMTP refused: 451 Try again later — retrying',
    },
    alerts: null,
    slack: null,
  },
};

const project = { project_id: 'PVT_1', title: 'Platform' } as Project;

/** Answers each call with the next body; records the requests. */
function stubFetch(...bodies: unknown[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const body = bodies.shift() ?? SETTINGS;
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('notification settings on Manage Projects', () => {
  it('shows the schedule and the last digest’s failure in words', async () => {
    stubFetch(SETTINGS);
    render(<NotificationsSection projects={[project]} />);
    expect(await screen.findByText(/Sent Mondays at 09:00 \(Europe\/Paris\)/)).toBeTruthy();
    expect(screen.getByText(/last digest failed: SMTP refused: 451 Try again later — retrying/)).toBeTruthy();
  });

  it('saves the digest by e-mail with the address typed', async () => {
    const calls = stubFetch(SETTINGS, { ...SETTINGS, digest: true, email: 'me@example.test' });
    render(<NotificationsSection projects={[project]} />);
    await userEvent.click(await screen.findByLabelText('Weekly digest'));
    await userEvent.type(screen.getByLabelText('E-mail address'), 'me@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Notification settings saved.')).toBeTruthy();
    const saved = calls.find((c) => c.init?.method === 'POST');
    expect(saved?.url).toContain('/api/projects/PVT_1/notifications/');
    expect(JSON.parse(String(saved?.init?.body))).toMatchObject({
      digest: true,
      by_email: true,
      email: 'me@example.test',
    });
  });

  it('says the settings could not be loaded when the answer is not settings (the projects list)', async () => {
    stubFetch([{ project_id: 'PVT_1', title: 'Platform' }]);
    render(<NotificationsSection projects={[project]} />);
    expect(await screen.findByText('Could not load the notification settings.')).toBeTruthy();
    expect(screen.queryByLabelText('Weekly digest')).toBeNull();
  });

  it('says the settings could not be loaded when the server fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'boom' }), { status: 500 })),
    );
    render(<NotificationsSection projects={[project]} />);
    expect(await screen.findByText('Could not load the notification settings.')).toBeTruthy();
  });

  it('keeps the form and says so when a save is answered with something else than settings', async () => {
    stubFetch(SETTINGS, []);
    render(<NotificationsSection projects={[project]} />);
    await userEvent.click(await screen.findByLabelText('Weekly digest'));
    await userEvent.click(screen.getByRole('button', { name: 'Save notification settings' }));
    expect(
      await screen.findByText('The server did not answer as expected. Try again in a moment.'),
    ).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Weekly digest').checked).toBe(true);
  });
});
