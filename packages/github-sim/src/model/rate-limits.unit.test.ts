import { describe, expect, it } from 'vitest';
import { installationRateLimit } from './access.ts';

describe("an installation's hourly budget, as GitHub documents it", () => {
  it('is 5,000, plus 50 a repository and 50 a user above 20 each, at most 12,500', () => {
    expect(installationRateLimit(3, 2)).toBe(5_000);
    expect(installationRateLimit(20, 20)).toBe(5_000);
    expect(installationRateLimit(21, 20)).toBe(5_050);
    expect(installationRateLimit(20, 30)).toBe(5_500);
    expect(installationRateLimit(60, 40)).toBe(5_000 + 50 * 40 + 50 * 20);
    expect(installationRateLimit(500, 500)).toBe(12_500);
  });
});
