import { describe, expect, it } from 'vitest';
import { GithubNotFoundError } from '../github/errors.ts';
import { fromGithubError } from './github-errors.ts';

const caught = (error: unknown) => {
  try {
    fromGithubError(error);
  } catch (thrown) {
    return thrown;
  }
  throw new Error('fromGithubError returned');
};

describe('fromGithubError', () => {
  it('leaves a database outage met on the way to GitHub to the 503 answer, not a 502 blaming GitHub', () => {
    // What node-postgres throws when PostgreSQL ends the connection (pg_terminate_backend, a failover).
    const outage = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
    });
    expect(caught(outage)).toBe(outage);
  });

  it("answers GitHub's own failures", () => {
    expect(caught(new GithubNotFoundError('gone'))).toMatchObject({ statusCode: 404 });
    expect(caught(new Error('socket hang up'))).toMatchObject({
      statusCode: 502,
      message: 'GitHub request failed: socket hang up',
    });
  });
});
