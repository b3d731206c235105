import type { Project } from '@fluxion/contract';
import { DownloadIcon } from '@primer/octicons-react';
import { Button } from '@primer/react';
import { useState } from 'react';
import { httpErrorFrom } from '../../api/errors.ts';
import { api } from '../../api/instance.ts';
import { exportFileName } from '../../lib/exportCsv.ts';
import { download } from '../../lib/exportImage.ts';
import { T } from '../../texts.ts';
import { StatusMessage } from '../StatusMessage.tsx';

type Format = 'csv' | 'json';

/** The board's audit log of recorded moves, streamed by the server (GET /api/export/moves.csv or .json). */
export function MovesExportButtons({ project }: { project: Project }) {
  const [busy, setBusy] = useState<Format | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function exportMoves(format: Format) {
    setBusy(format);
    setError(null);
    try {
      const endpoint = format === 'csv' ? 'exportMoves' : 'exportMovesJson';
      const response = await api.send(endpoint, { query: { project: project.project_id } });
      if (!response.ok) throw await httpErrorFrom(response);
      download(await response.blob(), exportFileName(`${project.title} moves`, format));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(null);
    }
  }
  return (
    <div>
      <Button leadingVisual={DownloadIcon} onClick={() => void exportMoves('csv')} disabled={busy !== null}>
        {T.exporting.movesCsv}
      </Button>{' '}
      <Button leadingVisual={DownloadIcon} onClick={() => void exportMoves('json')} disabled={busy !== null}>
        {T.exporting.movesJson}
      </Button>
      <StatusMessage text={error} />
    </div>
  );
}
