export const SELECTOR_TITLE_LIMIT = 40;

/** Spec §9: selector titles are cut to 40 characters. */
export function truncateTitle(title: string, limit = SELECTOR_TITLE_LIMIT): string {
  return title.length > limit ? `${title.slice(0, limit)}…` : title;
}

/** Spec §8: green if the text contains 'success' or 'updated', else red. */
export function messageTone(text: string): 'success' | 'danger' {
  const lower = text.toLowerCase();
  return lower.includes('success') || lower.includes('updated') ? 'success' : 'danger';
}
