export function IssuesInColumnsPage() {
  return null;
}
