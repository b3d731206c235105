export function TimeInStatePage() {
  return null;
}
