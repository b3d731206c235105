import { useSearchParams } from 'react-router';
import { windowFrom } from '../../lib/analysisWindow.ts';

/** The page's window from the address (`?days=`), the iteration length by default, and its setter. */
export function useAnalysisWindow(iterationDays: number): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const days = windowFrom(params.get('days'), iterationDays);
  const setDays = (value: number) => {
    const next = new URLSearchParams(params);
    // The default stays out of the address, so a link without it follows the board's iteration.
    if (value === iterationDays) next.delete('days');
    else next.set('days', String(value));
    setParams(next);
  };
  return [days, setDays];
}
