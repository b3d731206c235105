import type { EndpointResponses } from '@fluxion/contract';
import type { EndpointName } from './endpoint-call.ts';

/**
 * Development builds only (the call site is behind `import.meta.env.DEV`, so production bundles carry
 * neither this nor zod's schemas): an answer outside the contract's endpoint table is reported on the
 * console of the development server and of the web tests.
 */
export async function reportAnswerOutsideContract(name: EndpointName, body: unknown): Promise<void> {
  const { endpoints } = await import('@fluxion/contract');
  const responses: EndpointResponses = endpoints[name].responses;
  const schema = responses[200] ?? responses[201];
  const checked = schema?.safeParse(body);
  if (!checked || checked.success) return;
  const issue = checked.error.issues[0];
  const where = issue?.path.join('.') || '(root)';
  console.error(`${name} answered outside the endpoint table: ${where}: ${issue?.message}`);
}
