import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteProject, saveProject } from './endpoints.ts';

afterEach(() => vi.unstubAllGlobals());

/** Answers with `status` and a body; keeps the responses handed out. */
function stubFetch(status: number, body: string | null) {
  const responses: Response[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const response = new Response(body, { status });
      responses.push(response);
      return response;
    }),
  );
  return responses;
}

describe('add, edit and delete read their answer to the end', () => {
  it('an add or edit answered 201 leaves no unread body (Chromium logged it ERR_ABORTED once collected)', async () => {
    const responses = stubFetch(201, JSON.stringify({ project_id: 'P', title: 'Platform' }));
    expect(await saveProject({ project_id: 'P', name: 'Platform', iteration_length: 7 })).toBe(true);
    expect(responses).toHaveLength(1);
    expect(responses[0]?.bodyUsed).toBe(true);
  });

  it('a refused add is still a failure, and a delete reads its answer too', async () => {
    const refused = stubFetch(400, JSON.stringify({ error: 'bad_request', message: 'no' }));
    expect(await saveProject({ project_id: 'P', name: 'Platform', iteration_length: 7 })).toBe(false);
    expect(refused[0]?.bodyUsed).toBe(true);
    const deleted = stubFetch(204, null);
    expect(await deleteProject('P')).toBe(true);
    expect(deleted).toHaveLength(1);
  });
});
