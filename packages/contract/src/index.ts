export * from './analytics.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './errors.ts';
export * from './flow.ts';
export * from './projects.ts';
export * from './overview.ts';
