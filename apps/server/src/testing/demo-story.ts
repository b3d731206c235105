import { demoLabelChanges, demoWipLimits, generateDemoBoard } from '@fluxion/demo-board';

/**
 * The demo's flow policies and label history as the server stores them (packages/demo-board, story.ts),
 * in the engine's terms: what a test adds to its own engine input to expect the server's Flow answer.
 */
export function demoEngineStory(now: number) {
  const board = generateDemoBoard({ now });
  const end = Math.floor(now / 86_400_000) * 86_400_000;
  return {
    policies: { sle: null, wipLimits: demoWipLimits(board, end), blockedLabel: 'blocked' },
    labelChanges: demoLabelChanges(board, end).map((c) => ({ ...c, at: Date.parse(c.at) })),
  };
}
