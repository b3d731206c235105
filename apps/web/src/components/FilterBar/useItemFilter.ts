import { useSearchParams } from 'react-router';
import { filterFromParams, type ItemFilterState, paramsWithFilter } from '../../lib/itemFilter.ts';

/** The item filter held in the address (`?label=…&from=…`), and how to change it. */
export function useItemFilter(): [ItemFilterState, (filter: ItemFilterState) => void] {
  const [params, setParams] = useSearchParams();
  return [filterFromParams(params), (filter) => setParams(paramsWithFilter(params, filter))];
}
