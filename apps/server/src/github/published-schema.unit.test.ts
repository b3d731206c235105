import { schema as published } from '@octokit/graphql-schema';
import {
  buildASTSchema,
  type DocumentNode,
  type GraphQLSchema,
  Kind,
  type ObjectTypeDefinitionNode,
  parse,
  validate,
  visit,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { itemsRequest } from './items-request.ts';
import * as Q from './queries.ts';
import { NOT_READ, UNPUBLISHED_GRAPHQL, type UnpublishedPart } from './unpublished.ts';

/**
 * Every GraphQL document the server sends, held against GitHub's published schema (the npm package
 * `@octokit/graphql-schema`, pinned in package-lock.json: 15.26.1, published 2025-12-31, the newest
 * release). What GitHub serves but does not publish is allowed only through UNPUBLISHED_GRAPHQL.
 */
const PUBLISHED = parse(published.idl);

function withArgument(sdl: DocumentNode, type: string, field: string, argument: string): DocumentNode {
  const definition = parse(`type T { f(${argument}): Int }`).definitions[0] as ObjectTypeDefinitionNode;
  const argumentNode = definition.fields?.[0]?.arguments?.[0];
  let found = false;
  const changed = visit(sdl, {
    ObjectTypeDefinition(node) {
      if (node.name.value !== type) return undefined;
      return {
        ...node,
        fields: node.fields?.map((f) => {
          if (f.name.value !== field || !argumentNode) return f;
          found = true;
          return { ...f, arguments: [...(f.arguments ?? []), argumentNode] };
        }),
      };
    },
  });
  if (!found) throw new Error(`${type}.${field} is not in the published schema`);
  return changed;
}

function schemaWith(parts: readonly UnpublishedPart[]): GraphQLSchema {
  let sdl = PUBLISHED;
  for (const { addition } of parts) {
    sdl =
      addition.kind === 'argument'
        ? withArgument(sdl, addition.type, addition.field, addition.argument)
        : { kind: Kind.DOCUMENT, definitions: [...sdl.definitions, ...parse(addition.sdl).definitions] };
  }
  return buildASTSchema(sdl, { assumeValidSDL: true });
}

/** The documents of queries.ts, and every variant of the listing (filtered or not, each optional field). */
const DOCUMENTS = [
  ...Object.values(Q).filter(
    (value): value is string => typeof value === 'string' && value.startsWith('query '),
  ),
  ...Q.everyProjectItemsDocument(),
];
const name = (document: string) => /^query (\w+)/.exec(document)?.[1] ?? document.slice(0, 40);
const errorsIn = (schema: GraphQLSchema, document: string) =>
  validate(schema, parse(document)).map((e) => e.message);

describe("the server's GraphQL documents against GitHub's published schema", () => {
  const plain = schemaWith([]);
  const withUnpublished = schemaWith(UNPUBLISHED_GRAPHQL);

  it('are all there: 11 documents, and the listing in 64 variants', () => {
    expect(new Set(DOCUMENTS).size).toBe(DOCUMENTS.length - 2); // PROJECT_ITEMS and FILTERED_PROJECT_ITEMS twice
    expect(Q.everyProjectItemsDocument()).toHaveLength(64);
  });

  it.each(DOCUMENTS.map((document) => [name(document), document]))(
    '%s is valid with nothing unpublished but the named list',
    (_name, document) => {
      expect(errorsIn(withUnpublished, document)).toEqual([]);
    },
  );

  it('the documents that are invalid against the published schema alone are those using the list', () => {
    const invalid = new Set(DOCUMENTS.filter((d) => errorsIn(plain, d).length).map(name));
    expect([...invalid].sort()).toEqual([
      'BlockedBy',
      'ContentTimeline',
      'FilteredProjectItems',
      'ProjectItems',
      'ProjectTimelines',
    ]);
  });

  it("the full listing without the issues' types and dependencies needs nothing unpublished (a host's fallback)", () => {
    for (const fields of [[], Q.OPTIONAL_FIELD_NAMES])
      expect(errorsIn(plain, Q.projectItemsDocument({ filtered: false, fields, relations: false }))).toEqual(
        [],
      );
  });

  it.each(UNPUBLISHED_GRAPHQL.map((part) => [part.coordinate, part]))(
    'the list holds only what is used and still unpublished: %s',
    (_coordinate, part) => {
      const without = schemaWith(UNPUBLISHED_GRAPHQL.filter((p) => p !== part));
      expect(DOCUMENTS.some((d) => errorsIn(without, d).length)).toBe(true);
      expect(part.fallback).not.toBe('');
    },
  );

  it('a board without an estimate, iteration, blocked or breakdown field is listed without asking any name empty', () => {
    const iterationFields = { iterationField: '', estimateField: '' };
    for (const filtered of [false, true]) {
      const { document, variables } = itemsRequest(
        'PVT_1',
        { iterationFields, blockedField: '', breakdownField: '', updatedSinceDays: 2 },
        { filtered },
      );
      expect(Object.values(variables)).not.toContain('');
      expect(document).not.toMatch(
        /(iteration|estimate|blocked|breakdown)Field|^\s*(iteration|estimate|blocked|breakdown):/im,
      );
      expect(errorsIn(withUnpublished, document)).toEqual([]);
    }
    const all = itemsRequest(
      'PVT_1',
      {
        iterationFields: { iterationField: 'Sprint', estimateField: 'Points' },
        blockedField: 'Flag',
        breakdownField: 'Priority',
      },
      { filtered: false },
    );
    expect(all.variables).toEqual({
      id: 'PVT_1',
      field: 'Status',
      blockedField: 'Flag',
      breakdownField: 'Priority',
      iterationField: 'Sprint',
      estimateField: 'Points',
    });
    expect(errorsIn(withUnpublished, all.document)).toEqual([]);
  });

  it.each(NOT_READ.map((part) => [part.what, part]))(
    '%s: still not published, so still not read',
    (_what, part) => {
      expect(published.idl).not.toMatch(part.schemaTypes);
    },
  );
});
