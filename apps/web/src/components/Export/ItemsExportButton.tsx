import type { EstimatedOption, Project } from '@fluxion/contract';
import { DownloadIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import { httpErrorFrom } from '../../api/errors.ts';
import { api } from '../../api/instance.ts';
import { exportFileName } from '../../lib/exportCsv.ts';
import { download } from '../../lib/exportImage.ts';
import { estimatedQuery } from '../../lib/estimated.ts';
import { filterQuery, isFiltered, type ItemFilterState } from '../../lib/itemFilter.ts';
import { T } from '../../texts.ts';
import { StatusMessage } from '../StatusMessage.tsx';

type Props = { project: Project; filter: ItemFilterState; estimated: EstimatedOption };

/**
 * Every item of the board the page's filter keeps, as CSV, streamed by the server (GET /api/export/items.csv);
 * `estimated`: the page's choice, which decides the CSV's figures as it does the page's.
 */
export function ItemsExportButton({ project, filter, estimated }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function exportItems() {
    setBusy(true);
    setError(null);
    try {
      const response = await api.send('exportItems', {
        query: { project: project.project_id, ...filterQuery(filter), ...estimatedQuery(estimated) },
      });
      if (!response.ok) throw await httpErrorFrom(response);
      download(await response.blob(), exportFileName(`${project.title} items`, 'csv'));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div>
      <Button leadingVisual={DownloadIcon} onClick={() => void exportItems()} disabled={busy}>
        {isFiltered(filter) ? T.exporting.filteredItems : T.exporting.items}
      </Button>
      <StatusMessage text={error} />
    </div>
  );
}
