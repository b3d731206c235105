import {
  type NotificationSettings,
  notificationSettingsSchema,
  testDigestResultSchema,
} from '@fluxion/contract';
import { describe, expect, it } from 'vitest';
import { isNotificationSettings, isTestDigestResult } from './notifications.ts';

const SETTINGS: NotificationSettings = {
  digest: true,
  alerts: false,
  by_email: true,
  by_slack: true,
  email: 'me@example.test',
  email_status: 'confirmed',
  slack: { configured: true, hint: '…/XyZ9', may_change: false },
  email_available: true,
  schedule: 'Mondays at 09:00 (Europe/Paris)',
  is_demo: false,
  status: {
    digest: { channel: 'email', state: 'sent', at: '2026-11-23T08:00:00.000Z', message: 'last digest sent' },
    alerts: null,
    slack: { channel: 'slack', state: 'failed', at: '2026-11-23T08:00:00.000Z', message: 'Slack refused' },
  },
};

/** The settings' check without zod agrees with the contract's schema on what the section reads. */
describe('notification answers checked against the contract', () => {
  const { slack: _slack, ...withoutSlack } = SETTINGS;
  it.each([
    ['the settings', SETTINGS],
    [
      'no address, no webhook, no status yet',
      {
        ...SETTINGS,
        email: null,
        slack: { configured: false, hint: null, may_change: true },
        status: { digest: null, alerts: null, slack: null },
      },
    ],
    ['the projects list', []],
    ['a list of projects', [{ project_id: 'PVT_1' }]],
    ['nothing', null],
    ['an HTML page as a string', '<html></html>'],
    ['an error body', { message: 'GitHub request failed' }],
    ['no Slack channel', withoutSlack],
    ['Slack without may_change', { ...SETTINGS, slack: { configured: true, hint: null } }],
    ['no status', { ...SETTINGS, status: undefined }],
    [
      'a status without its message',
      { ...SETTINGS, status: { ...SETTINGS.status, alerts: { channel: 'email', state: 'sent', at: 'x' } } },
    ],
    ['digest as a string', { ...SETTINGS, digest: 'yes' }],
  ])('%s', (_name, body) => {
    expect(isNotificationSettings(body)).toBe(notificationSettingsSchema.safeParse(body).success);
  });

  it.each([
    [
      'two results',
      {
        results: [
          { channel: 'email', state: 'sent', message: 'sent' },
          { channel: 'slack', state: 'failed', message: 'Slack refused' },
        ],
      },
    ],
    ['no results', { results: [] }],
    ['the settings', SETTINGS],
    ['a list', []],
    ['a result without its message', { results: [{ channel: 'email', state: 'sent' }] }],
  ])('test digest: %s', (_name, body) => {
    expect(isTestDigestResult(body)).toBe(testDigestResultSchema.safeParse(body).success);
  });
});
