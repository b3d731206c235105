import { DownloadIcon } from '@primer/octicons-react';
import { ActionList, ActionMenu } from '@primer/react';
import { type ReactNode, useRef } from 'react';
import { type CsvTable, exportFileName, toCsv } from '../../lib/exportCsv.ts';
import { download, legendEntries, pngOf, svgMarkup } from '../../lib/exportImage.ts';
import { T } from '../../texts.ts';
import styles from './Export.module.css';

type Props = {
  /** What is exported, for the menu's label and the file names ("Vault migration lead time"). */
  name: string;
  /** The numbers shown, built when asked for. */
  csv: () => CsvTable;
  /** False for a table: CSV only. */
  image?: boolean;
  children: ReactNode;
};

/** A chart or table with its Export menu: the data shown as CSV, and the chart as SVG or PNG. */
export function Exportable({ name, csv, image = true, children }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const chart = () =>
    root.current?.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface') ?? null;
  const saveCsv = () =>
    download(new Blob([toCsv(csv())], { type: 'text/csv;charset=utf-8' }), exportFileName(name, 'csv'));
  const decorations = () => ({ title: name, legend: root.current ? legendEntries(root.current) : [] });
  const saveSvg = () => {
    const svg = chart();
    if (!svg) return;
    const { markup } = svgMarkup(svg, decorations());
    download(new Blob([markup], { type: 'image/svg+xml' }), exportFileName(name, 'svg'));
  };
  const savePng = async () => {
    const svg = chart();
    if (svg) download(await pngOf(svg, decorations()), exportFileName(name, 'png'));
  };
  return (
    <div ref={root} className={styles.exportable}>
      <div className={styles.menu}>
        <ActionMenu>
          <ActionMenu.Button
            size="small"
            leadingVisual={DownloadIcon}
            aria-label={T.exporting.menuLabel(name)}
          >
            {T.exporting.menu}
          </ActionMenu.Button>
          <ActionMenu.Overlay width="small" align="end">
            <ActionList>
              <ActionList.Item onSelect={saveCsv}>{T.exporting.csv}</ActionList.Item>
              {image && <ActionList.Item onSelect={saveSvg}>{T.exporting.svg}</ActionList.Item>}
              {image && <ActionList.Item onSelect={() => void savePng()}>{T.exporting.png}</ActionList.Item>}
            </ActionList>
          </ActionMenu.Overlay>
        </ActionMenu>
      </div>
      {children}
    </div>
  );
}
