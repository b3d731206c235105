import type { NotificationStatus } from '@fluxion/contract';
import type { Job, JobState } from './jobs.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The settings' line for the last job of a kind: what happened, in words ("last digest failed: SMTP
 * refused — retrying"), never just a state name.
 */
export function statusOf(job: Job | undefined): NotificationStatus | null {
  if (!job) return null;
  const what = job.kind === 'alert' ? 'alert' : job.kind === 'test_digest' ? 'test digest' : 'digest';
  const state = job.state as JobState;
  const at = iso(Number(job.finished_at ?? job.sending_at ?? job.created_at));
  const reason = job.last_error ?? 'unknown error';
  const messages: Record<JobState, string> = {
    pending: job.attempts > 0 ? `last ${what} failed: ${reason} — retrying` : `${what} queued`,
    sending: `${what} being sent`,
    sent: `last ${what} sent`,
    failed: `last ${what} failed: ${reason} — gave up`,
    dropped: `last ${what} not sent: ${reason}`,
    interrupted: `last ${what} may not have arrived: the sender stopped mid-send (not sent again, so that none arrives twice)`,
  };
  const channel = job.channel === 'slack' ? 'slack' : 'email';
  return { channel, state, at, message: messages[state] ?? `${what}: ${state}` };
}
