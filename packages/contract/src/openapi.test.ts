import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { fillPath, queryString } from './routes.ts';

const document = buildOpenApiDocument({ version: '1.0.0' });
type Paths = Record<
  string,
  Record<string, { parameters: { name: string; in: string; required: boolean }[] }>
>;
const paths = document.paths as Paths;

describe('the OpenAPI document made from the endpoint table', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has one operation for every endpoint and alias, and nothing else', () => {
    const expected = Object.values(endpoints).flatMap((e) =>
      [e.path, ...('aliases' in e ? e.aliases : [])].map(
        (p) => `${e.method} ${p.replace(/:(\w+)/g, '{$1}')}`,
      ),
    );
    const actual = Object.entries(paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(actual.sort()).toEqual(expected.sort());
  });

  it("lists a route's query parameters with the ones it requires", () => {
    const leadTime = paths['/api/leadtime/']?.get?.parameters ?? [];
    expect(leadTime.map((p) => [p.name, p.in, p.required])).toEqual([
      ['project', 'query', true],
      ['days', 'query', true],
      ['cycle_time', 'query', false],
      ...[
        'label',
        'not_label',
        'milestone',
        'type',
        'issue_type',
        'field_value',
        'repo',
        'assignee',
        'from',
        'to',
        'iteration',
        'estimated',
      ].map((name) => [name, 'query', false]),
    ]);
    const flow = paths['/api/flow/']?.get?.parameters ?? [];
    expect(flow.filter((p) => p.required).map((p) => p.name)).toEqual(['project']);
    const project = paths['/api/projects/{id}/']?.delete?.parameters ?? [];
    expect(project).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });
});

describe('error answers follow what an endpoint can do', () => {
  type Responses = Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const statuses = (path: string, method: string) =>
    Object.keys((document.paths as Responses)[path]?.[method]?.responses ?? {});

  it('lists the paywall, sign-in and bad input for an analysis, none of them for liveness', () => {
    expect(statuses('/api/leadtime/', 'get')).toEqual(
      expect.arrayContaining(['200', '400', '401', '402', '404', '503']),
    );
    expect(statuses('/api/leadtime/', 'get')).not.toContain('410');
    expect(statuses('/healthz', 'get')).toEqual(['200']);
    expect(statuses('/api/token/refresh/', 'post')).toEqual(expect.arrayContaining(['401', '429']));
    expect(statuses('/api/shared/', 'get')).toContain('410');
    const ready = (document.paths as Responses)['/readyz']?.get?.responses['503'] as { description: string };
    expect(ready.description).toMatch(/database is away/);
  });
});

describe('paths and query strings', () => {
  it('fills and encodes path parameters, and refuses a missing one', () => {
    expect(fillPath('/api/projects/:id/column-stats/', { id: 'PVT_a/b c' })).toBe(
      '/api/projects/PVT_a%2Fb%20c/column-stats/',
    );
    expect(() => fillPath('/api/projects/:id/', {})).toThrow(/id is missing/);
  });

  it('repeats a parameter for each value of a list', () => {
    expect(queryString({ project: 'P', label: ['bug', 'a,b'], not_label: [] })).toBe(
      '?project=P&label=bug&label=a%2Cb',
    );
  });

  it('leaves out empty values and encodes the rest', () => {
    expect(queryString({ project: 'a&b', days: 7, cycle_time: null, owner: '' })).toBe(
      '?project=a%26b&days=7',
    );
    expect(queryString({})).toBe('');
  });
});
