import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EstimateFieldSelect } from './EstimateFieldSelect.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the estimate field of Add and Edit', () => {
  it('is disabled while the board’s fields load, without Primer’s warning about the `disabled` prop', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // The fields never arrive: the select stays in its loading state.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EstimateFieldSelect projectId="P" value="" current={null} onChange={() => undefined} />
      </QueryClientProvider>,
    );
    expect((screen.getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    const warnings = warn.mock.calls.map((call) => call.join(' '));
    expect(warnings.filter((w) => w.includes("'disabled' prop"))).toEqual([]);
  });
});
