import { vi } from 'vitest';

/**
 * What jsdom lacks and Primer's dialogs and menus or recharts' containers ask for: `ResizeObserver`
 * (observing nothing: no chart gets a size) and `matchMedia` (no query matches). Undone by
 * `vi.unstubAllGlobals()`.
 */
export function stubLayoutApis(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
}
