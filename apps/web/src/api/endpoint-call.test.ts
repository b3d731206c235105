import { describe, expect, it } from 'vitest';
import { endpointRequest } from './endpoint-call.ts';

describe('endpointRequest: a call built from the contract table', () => {
  it('fills path parameters and encodes them', () => {
    const { url, init } = endpointRequest('columnStats', { params: { id: 'PVT_x/1' } });
    expect(url).toBe('/api/projects/PVT_x%2F1/column-stats/');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('writes the query string once, leaving out empty values', () => {
    const { url } = endpointRequest('leadTime', { query: { project: 'a b', days: 7, cycle_time: '' } });
    expect(url).toBe('/api/leadtime/?project=a+b&days=7');
  });

  it('sends a JSON body with POST and the method the table names', () => {
    const body = { project_id: 'PVT_1', iteration_length: 7 };
    const { url, init } = endpointRequest('saveProject', { body });
    expect(url).toBe('/api/projects/');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(body);
    expect(endpointRequest('deleteProject', { params: { id: '1' } }).init.method).toBe('DELETE');
  });
});
