import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportAnswerOutsideContract } from './check-answer.ts';

describe('answers checked against the endpoint table in development', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says nothing of an answer in the table, and names the field of one outside it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await reportAnswerOutsideContract('health', { status: 'ok' });
    expect(errors).not.toHaveBeenCalled();
    await reportAnswerOutsideContract('health', { status: 7 });
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(/^health answered outside the endpoint table: status: /),
    );
  });
});
