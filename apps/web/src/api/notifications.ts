import type {
  NotificationSettings,
  NotificationStatus,
  SaveNotificationSettings,
  TestDigestResult,
} from '@fluxion/contract';
import { api } from './instance.ts';

/**
 * An answer that is not what the contract's table says (an older server during a deploy, a proxy's page
 * in JSON): the settings show their error state instead of reading fields that are not there.
 */
export class UnexpectedAnswerError extends Error {
  constructor(endpoint: string) {
    super(`${endpoint} answered outside the endpoint table`);
    this.name = 'UnexpectedAnswerError';
  }
}

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';
const areBooleans = (value: Fields, keys: string[]) => keys.every((key) => typeof value[key] === 'boolean');

const isStatus = (value: unknown): value is NotificationStatus | null =>
  value === null ||
  (isRecord(value) &&
    typeof value.channel === 'string' &&
    typeof value.state === 'string' &&
    typeof value.at === 'string' &&
    typeof value.message === 'string');

/**
 * The fields the settings read, checked without zod: the production bundle carries no schemas
 * (docs/performance.md), and development builds still report any difference from the contract's schema
 * (`check-answer.ts`); notifications.test.ts holds this check to that schema.
 */
export function isNotificationSettings(value: unknown): value is NotificationSettings {
  if (!isRecord(value)) return false;
  const { slack, status } = value;
  return (
    areBooleans(value, ['digest', 'alerts', 'by_email', 'by_slack', 'email_available', 'is_demo']) &&
    isStringOrNull(value.email) &&
    (value.email_status === null || value.email_status === 'confirmed' || value.email_status === 'waiting') &&
    typeof value.schedule === 'string' &&
    isRecord(slack) &&
    areBooleans(slack, ['configured', 'may_change']) &&
    isStringOrNull(slack.hint) &&
    isRecord(status) &&
    isStatus(status.digest) &&
    isStatus(status.alerts) &&
    isStatus(status.slack)
  );
}

export function isTestDigestResult(value: unknown): value is TestDigestResult {
  return (
    isRecord(value) &&
    Array.isArray(value.results) &&
    value.results.every(
      (r) =>
        isRecord(r) &&
        typeof r.channel === 'string' &&
        typeof r.state === 'string' &&
        typeof r.message === 'string',
    )
  );
}

function checked<T>(endpoint: string, body: unknown, is: (value: unknown) => value is T): T {
  if (!is(body)) throw new UnexpectedAnswerError(endpoint);
  return body;
}

/** The caller's digest and alert settings for a board. */
export const getNotificationSettings = async (projectId: string): Promise<NotificationSettings> =>
  checked(
    'notificationSettings',
    await api.call('notificationSettings', { params: { id: projectId } }),
    isNotificationSettings,
  );

export const saveNotificationSettings = async (
  projectId: string,
  body: SaveNotificationSettings,
): Promise<NotificationSettings> =>
  checked(
    'saveNotificationSettings',
    await api.call('saveNotificationSettings', { params: { id: projectId }, body }),
    isNotificationSettings,
  );

/** "Send a test digest now": sent while the caller waits; what became of each channel. */
export const sendTestDigest = async (projectId: string): Promise<TestDigestResult> =>
  checked(
    'sendTestDigest',
    await api.call('sendTestDigest', { params: { id: projectId } }),
    isTestDigestResult,
  );

/** A new confirmation link to the caller's waiting address (one a minute; 429 sooner). */
export const resendEmailConfirmation = async (projectId: string): Promise<NotificationSettings> =>
  checked(
    'resendEmailConfirmation',
    await api.call('resendEmailConfirmation', { params: { id: projectId } }),
    isNotificationSettings,
  );
