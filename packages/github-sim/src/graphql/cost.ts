import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLSchema,
  getNamedType,
  isCompositeType,
  isObjectType,
  isInterfaceType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
} from 'graphql';
import { GithubGraphqlError } from './context.ts';

/** GitHub's node limit: "Individual calls cannot request more than 500,000 total nodes." */
export const MAX_NODES = 500_000;

export type CostResult = { cost: number; nodeCount: number; errors: GithubGraphqlError[] };

type Walk = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  requests: number;
  nodeCount: number;
  errors: GithubGraphqlError[];
};

function pageSize(walk: Walk, field: FieldNode, connection: string): number {
  const arg = field.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'last');
  const value = arg ? valueFromASTUntyped(arg.value, walk.variables) : undefined;
  if (typeof value !== 'number') {
    walk.errors.push(
      new GithubGraphqlError(
        'MISSING_PAGINATION_BOUNDARIES',
        `You must provide a \`first\` or \`last\` value to properly paginate the \`${connection}\` connection.`,
      ),
    );
    return 0;
  }
  if (value > 100) {
    const which = arg?.name.value ?? 'first';
    walk.errors.push(
      new GithubGraphqlError(
        'EXCESSIVE_PAGINATION',
        `Requesting ${value} records on the \`${connection}\` connection exceeds the \`${which}\` limit of 100 records.`,
      ),
    );
  }
  return value;
}

function visitField(walk: Walk, field: FieldNode, parent: GraphQLCompositeType, multiplier: number): void {
  if (!(isObjectType(parent) || isInterfaceType(parent))) return;
  const def = parent.getFields()[field.name.value];
  if (!def || !field.selectionSet) return;
  const type = getNamedType(def.type);
  let next = multiplier;
  if (type.name.endsWith('Connection')) {
    const size = pageSize(walk, field, field.name.value);
    walk.requests += multiplier;
    walk.nodeCount += multiplier * size;
    next = multiplier * Math.max(size, 1);
  }
  if (isCompositeType(type)) visitSelections(walk, field.selectionSet, type, next);
}

function visitSelections(
  walk: Walk,
  set: SelectionSetNode,
  parent: GraphQLCompositeType,
  multiplier: number,
): void {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) visitField(walk, selection, parent, multiplier);
    else {
      const fragment =
        selection.kind === Kind.FRAGMENT_SPREAD ? walk.fragments.get(selection.name.value) : selection;
      if (!fragment) continue;
      const condition = fragment.typeCondition
        ? walk.schema.getType(fragment.typeCondition.name.value)
        : parent;
      if (condition && isCompositeType(condition))
        visitSelections(walk, fragment.selectionSet, condition, multiplier);
    }
  }
}

/**
 * GitHub's point cost: count the requests needed for each connection, assuming every one reaches its
 * `first`/`last` limit, divide by 100 and round; at least 1. Also enforces first/last (at most 100) on
 * connections and the node limit: each connection's `first`/`last` times those of the connections around
 * it, summed over the query, at most 500,000 (GitHub's MAX_NODE_LIMIT_EXCEEDED, before anything runs).
 */
export function analyzeCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): CostResult {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions)
    if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const walk: Walk = { schema, fragments, variables, requests: 0, nodeCount: 0, errors: [] };
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  if (root) visitSelections(walk, operation.selectionSet, root, 1);
  if (walk.nodeCount > MAX_NODES) {
    const count = (n: number) => n.toLocaleString('en-US');
    walk.errors.push(
      new GithubGraphqlError(
        'MAX_NODE_LIMIT_EXCEEDED',
        `This query requests up to ${count(walk.nodeCount)} possible nodes which exceeds the maximum limit of ${count(MAX_NODES)}.`,
      ),
    );
  }
  return {
    cost: Math.max(1, Math.round(walk.requests / 100)),
    nodeCount: walk.nodeCount,
    errors: walk.errors,
  };
}
