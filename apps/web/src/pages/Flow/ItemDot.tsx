import { PRIVATE_ITEM_TITLE } from '@fluxion/contract/constants';
import { useNavigate } from 'react-router';
import { itemPath } from '../../lib/itemLink.ts';
import { T } from '../../texts.ts';
import styles from './ItemDot.module.css';

/** The dot of recharts' default scatter symbol (size 64: r ≈ 4.5), a little larger to be hit by a finger. */
const DOT_RADIUS = 5;

/** The days one dot covers on a chart's axis of `top` days drawn over `plotPx` pixels (its diameter and stroke). */
export function daysADot(top: number, plotPx: number): number {
  return (top * (2 * DOT_RADIUS + 1)) / plotPx;
}

/** What recharts hands a Scatter's `shape`: where the dot goes, its colours, and its data point. */
export type DotProps = {
  cx?: number;
  cy?: number;
  fill?: string;
  fillOpacity?: number;
  stroke?: string;
  strokeWidth?: number;
  payload?: {
    id?: string;
    url: string | null;
    number: number | null;
    title: string | null;
    estimated?: boolean;
  };
  /** The board the chart shows: in the app a dot opens its item's page there (a shared view has none). */
  projectId?: string;
};

const dotsByBoard = new Map<string | undefined, (props: DotProps) => React.ReactNode>();

/**
 * `shape` of a Scatter whose dots open their item's page on the board `projectId`: the same function at every render, since recharts mounts a shape
 * as a component and a new one would remount every dot (a late answer re-rendering the page then took the
 * keyboard's focus off a dot).
 */
export function itemDotOf(projectId: string | undefined): (props: DotProps) => React.ReactNode {
  let shape = dotsByBoard.get(projectId);
  if (!shape) {
    shape = (props: DotProps) => <ItemDot {...props} projectId={projectId} />;
    dotsByBoard.set(projectId, shape);
  }
  return shape;
}

/**
 * A chart dot that opens its item: in the app its Fluxion page (moves, time per column, blocked spans,
 * the SLE; from there GitHub), on a shared view the item on GitHub (a new tab). A link either way, so a
 * click, a tap, or Tab then Enter reaches it. An item the viewer may not read, or a draft off the app, is
 * only a dot.
 */
export function ItemDot({ cx, cy, fill, fillOpacity, stroke, strokeWidth, payload, projectId }: DotProps) {
  if (cx === undefined || cy === undefined) return null;
  const dot = (
    <circle
      cx={cx}
      cy={cy}
      r={DOT_RADIUS}
      // An estimated history's dot is hollow (docs/metrics.md, "Reconstructed histories").
      fill={payload?.estimated ? 'none' : fill}
      fillOpacity={fillOpacity}
      stroke={payload?.estimated ? fill : stroke}
      strokeWidth={payload?.estimated ? 1.5 : strokeWidth}
      {...(payload?.estimated ? { 'data-estimated': 'true' } : {})}
    />
  );
  const label = payload ? T.flow.itemLabel(payload.number, payload.title) : '';
  const readable = payload && !(payload.url === null && payload.title === PRIVATE_ITEM_TITLE);
  if (projectId && payload?.id && readable)
    return <InAppDot path={itemPath(projectId, payload.id)} label={label} dot={dot} />;
  if (!payload?.url) return dot;
  return (
    <a
      href={payload.url}
      target="_blank"
      rel="noreferrer"
      className={styles.link}
      aria-label={T.flow.openItem(label)}
    >
      {dot}
    </a>
  );
}

function InAppDot({ path, label, dot }: { path: string; label: string; dot: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={path}
      className={styles.link}
      aria-label={T.item.open(label)}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(path);
      }}
    >
      {dot}
    </a>
  );
}
