import { T } from '../texts.ts';

export const SELECTOR_TITLE_LIMIT = 40;

/** Spec §9: selector titles are cut to 40 characters. */
export function truncateTitle(title: string, limit = SELECTOR_TITLE_LIMIT): string {
  return title.length > limit ? `${title.slice(0, limit)}…` : title;
}

/** The spec's texts that report something done; they read as errors under spec §8's word rule. */
const DONE_TEXTS: readonly string[] = [T.projects.deleted];
const DONE_PREFIXES = [T.account.willEnd('')];

/**
 * A message's colour follows its meaning: green for what was done, red for what failed. Spec §8's rule
 * ('success' or 'updated' in the text) holds, plus the spec's success texts without those words
 * ('Project deleted.', 'Subscription will end at: …'), which it would show red.
 */
export function messageTone(text: string): 'success' | 'danger' {
  const lower = text.toLowerCase();
  if (lower.includes('success') || lower.includes('updated')) return 'success';
  const done = DONE_TEXTS.includes(text) || DONE_PREFIXES.some((prefix) => text.startsWith(prefix));
  return done ? 'success' : 'danger';
}
