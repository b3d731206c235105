export function LeadTimePage() {
  return null;
}
