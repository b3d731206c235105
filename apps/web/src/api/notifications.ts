import type { NotificationSettings, SaveNotificationSettings, TestDigestResult } from '@fluxion/contract';
import { api } from './instance.ts';

/** The caller's digest and alert settings for a board. */
export const getNotificationSettings = (projectId: string): Promise<NotificationSettings> =>
  api.call('notificationSettings', { params: { id: projectId } });

export const saveNotificationSettings = (
  projectId: string,
  body: SaveNotificationSettings,
): Promise<NotificationSettings> => api.call('saveNotificationSettings', { params: { id: projectId }, body });

/** "Send a test digest now": sent while the caller waits; what became of each channel. */
export const sendTestDigest = (projectId: string): Promise<TestDigestResult> =>
  api.call('sendTestDigest', { params: { id: projectId } });
