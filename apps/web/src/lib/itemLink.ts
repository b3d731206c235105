/** The item page's address: its project and item in the address, so a reload or a link reopens it. */
export function itemPath(projectId: string, itemId: string): string {
  return `/item?${new URLSearchParams({ project: projectId, item: itemId }).toString()}`;
}
