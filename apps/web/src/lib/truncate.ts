export const SELECTOR_TITLE_LIMIT = 40;

/** Selector titles are cut to 40 characters. */
export function truncateTitle(title: string, limit = SELECTOR_TITLE_LIMIT): string {
  return title.length > limit ? `${title.slice(0, limit)}…` : title;
}
