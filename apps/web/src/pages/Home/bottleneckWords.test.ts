import { describe, expect, it } from 'vitest';
import { T } from '../../texts.ts';

describe('the bottleneck is named alike on Home and on Time in State', () => {
  it("both say the iteration's window in the same words", () => {
    const home = T.home.boards.bottleneck('Review', '2.5', 'days', 14);
    const tile = T.timeInState.intensiveHint('2.5', 'days', 14);
    expect(home).toBe("Bottleneck: 'Review', 2.5 days per stay, last 14 days (iteration)");
    expect(tile).toContain('2.5 days per stay, last 14 days (iteration)');
    expect(T.timeInState.intensityHint(14)).toContain('last 14 days (iteration)');
  });
});
