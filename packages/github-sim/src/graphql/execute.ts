import { type DocumentNode, execute, getOperationAST, type GraphQLError, parse, validate } from 'graphql';
import { rateHeaders } from '../model/rate-limits.ts';
import { budgetOf, type Principal } from '../model/access.ts';
import type { World } from '../model/world.ts';
import { GithubGraphqlError, iso } from './context.ts';
import { analyzeCost } from './cost.ts';
import { rootValue } from './root.ts';
import { githubSchema } from './schema.ts';

export type GraphqlBody = { query?: unknown; variables?: unknown; operationName?: unknown };
export type GraphqlAnswer = { status: number; headers: Record<string, string>; body: unknown };
type ErrorJson = Record<string, unknown>;

/** graphql-js validation messages, reworded the way GitHub words them where we know GitHub's wording. */
function validationError(error: GraphQLError): ErrorJson {
  const undefinedField = /^Cannot query field "(\w+)" on type "(\w+)"\./.exec(error.message);
  const unknownArgument = /^Unknown argument "(\w+)" on field "\w+\.(\w+)"\./.exec(error.message);
  const unknownType = /^Unknown type "(\w+)"\./.exec(error.message);
  const base = { locations: error.locations };
  if (unknownArgument) {
    const [, argumentName, name] = unknownArgument;
    return {
      ...base,
      extensions: { code: 'argumentNotAccepted', name, typeName: 'Field', argumentName },
      message: `Field '${name}' doesn't accept argument '${argumentName}'`,
    };
  }
  if (unknownType) {
    const [, typeName] = unknownType;
    return {
      ...base,
      extensions: { code: 'undefinedType', typeName },
      message: `No such type ${typeName}, so it can't be a fragment condition`,
    };
  }
  if (undefinedField) {
    const [, fieldName, typeName] = undefinedField;
    return {
      ...base,
      path: undefined,
      extensions: { code: 'undefinedField', typeName, fieldName },
      message: `Field '${fieldName}' doesn't exist on type '${typeName}'`,
    };
  }
  return { ...base, message: error.message };
}

function executionError(error: GraphQLError): ErrorJson {
  const original = error.originalError;
  const type = original instanceof GithubGraphqlError ? original.type : undefined;
  return { type, path: error.path, locations: error.locations, message: error.message };
}

function toDocument(query: unknown): { document: DocumentNode } | { error: ErrorJson } {
  if (typeof query !== 'string' || !query.trim())
    return { error: { message: 'A query attribute must be specified and must be a string.' } };
  try {
    return { document: parse(query) };
  } catch (error) {
    const e = error as GraphQLError;
    return {
      error: { message: e.message.replace(/^Syntax Error: /, 'Parse error: '), locations: e.locations },
    };
  }
}

/** Parses, validates against GitHub's schema, prices and executes one GraphQL request. */
export async function runGraphql(
  world: World,
  principal: Principal,
  body: GraphqlBody,
): Promise<GraphqlAnswer> {
  const schema = githubSchema(world.schema);
  const viewer = principal.user;
  const window = budgetOf(world, principal);
  const answer = (payload: unknown): GraphqlAnswer => ({
    status: 200,
    headers: rateHeaders(window, 'graphql'),
    body: payload,
  });
  const parsed = toDocument(body.query);
  if ('error' in parsed) return answer({ errors: [parsed.error] });
  const { document } = parsed;
  const validation = validate(schema, document);
  if (validation.length) return answer({ errors: validation.map(validationError) });
  const operationName = typeof body.operationName === 'string' ? body.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) return answer({ errors: [{ message: 'An operation name is required' }] });
  if (operation.operation !== 'query')
    return answer({ errors: [{ message: 'The simulator is read-only: only queries are supported.' }] });
  const variables = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<
    string,
    unknown
  >;
  const cost = analyzeCost(schema, document, operation, variables);
  if (cost.errors.length)
    return answer({ errors: cost.errors.map((e) => ({ type: e.type, message: e.message })) });
  const remaining = window.limit - window.used;
  if (remaining < cost.cost) {
    return answer({
      errors: [
        {
          type: 'RATE_LIMITED',
          message:
            principal.kind === 'installation'
              ? `API rate limit exceeded for installation ID ${principal.installation.id}.`
              : `API rate limit exceeded for user ID ${viewer.databaseId}.`,
        },
      ],
    });
  }
  const dryRun = /rateLimit\s*\(\s*dryRun\s*:\s*true/.test(String(body.query));
  if (!dryRun) window.used += cost.cost;
  const rate = {
    limit: window.limit,
    remaining: window.limit - window.used,
    used: window.used,
    resetAt: iso(window.resetAt) ?? '',
    cost: cost.cost,
    nodeCount: cost.nodeCount,
  };
  const result = await execute({
    schema,
    document,
    operationName,
    variableValues: variables,
    rootValue: rootValue({ world, viewer, principal, rate }),
    contextValue: { world, viewer, principal, rate },
  });
  const errors = result.errors?.map(executionError);
  return answer(errors ? { data: result.data ?? null, errors } : { data: result.data });
}
