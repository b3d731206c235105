import { iterationWindow } from '@fluxion/contract/format';
import { describe, expect, it } from 'vitest';
import { T } from '../../texts.ts';

describe('the bottleneck is named alike on Home, on Time in State and in the engine’s insights', () => {
  it("all say the iteration's window in the contract's words", () => {
    const home = T.home.boards.bottleneck('Review', '2.5', 'days', 14);
    const tile = T.timeInState.intensiveHint('2.5', 'days', 14);
    expect(home).toBe("Bottleneck: 'Review', 2.5 days per stay, last 14 days (iteration)");
    // The engine's Flow insight (on the same card) and Time in State's say it with the same formatter.
    expect(home.endsWith(iterationWindow(14))).toBe(true);
    expect(tile).toContain(`2.5 days per stay, ${iterationWindow(14)}`);
    expect(T.timeInState.intensityHint(14)).toContain(iterationWindow(14));
    expect(T.analysisWindow.iteration(14)).toBe('Last 14 days (iteration)');
  });
});
