import { T } from '../texts.ts';

// Apart (truncate.ts) so that the top bar's project selector does not bring every text into the first load.
export { SELECTOR_TITLE_LIMIT, truncateTitle } from './truncate.ts';

/**
 * Texts that report something done; they would read as errors under the word rule (green only when the
 * text says 'success' or 'updated').
 */
const DONE_TEXTS: readonly string[] = [T.projects.deleted];
const DONE_PREFIXES = [T.account.willEnd('')];

/**
 * A message's colour follows its meaning: green for what was done, red for what failed. The rule
 * ('success' or 'updated' in the text) holds, plus the fixed success texts without those words
 * ('Project deleted.', 'Subscription will end at: …'), which it would show red.
 */
export function messageTone(text: string): 'success' | 'danger' {
  const lower = text.toLowerCase();
  if (lower.includes('success') || lower.includes('updated')) return 'success';
  const done = DONE_TEXTS.includes(text) || DONE_PREFIXES.some((prefix) => text.startsWith(prefix));
  return done ? 'success' : 'danger';
}
