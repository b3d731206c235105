import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const pgError = (code: string, severity = 'ERROR') =>
  Object.assign(new Error(`pg ${code}`), { code, severity });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['ended by the server (pg_terminate_backend)', pgError('57P01', 'FATAL')],
    ['shutting down', pgError('57P03')],
    ['a connection exception', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['refused by a database not accepting connections', pgError('55000', 'FATAL')],
    ['the server not listening', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a broken client reused', new Error('Client has encountered a connection error and is not queryable')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a pipelined read unanswered in time', new Error('Query read timeout')],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a deadlock', pgError('40P01')],
    ['a failed call to GitHub', new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } })],
    ['a plain bug', new Error('Cannot read properties of undefined')],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
