/**
 * What each GitHub host's GraphQL schema lacks, learnt once per host and process from a schema error:
 * `items(query:)` (github.com and GHES 3.20+ have it) and the Projects (v2) issue-timeline events (GHES
 * 3.19+), the issues' types and dependencies (`issueRelations`). Unknown until a query finds out; a restart probes again (e.g. after a host upgrade).
 */
export type HostFeature = 'filteredItems' | 'projectTimelines' | 'issueRelations';

const missing = new Map<string, Set<HostFeature>>();

export function hostLacks(host: string, feature: HostFeature): boolean {
  return missing.get(host)?.has(feature) ?? false;
}

/** Returns true the first time the host is found to lack the feature. */
export function markHostLacks(host: string, feature: HostFeature): boolean {
  const features = missing.get(host) ?? new Set<HostFeature>();
  missing.set(host, features);
  if (features.has(feature)) return false;
  features.add(feature);
  return true;
}

/** Tests: simulators on reused ports are new hosts. */
export function forgetHostFeatures(): void {
  missing.clear();
}
