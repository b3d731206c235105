import { ReferenceLine } from 'recharts';
import { P } from '../../policyTexts.ts';

/**
 * The board's SLE as a horizontal line on a chart whose y axis is days (the cycle-time scatter, the aging
 * chart). A function, not a component: recharts reads its reference lines among the chart's own children.
 */
export function sleReferenceLine(sle: { percent: number; days: number }) {
  return (
    <ReferenceLine
      y={sle.days}
      stroke="#8250df"
      strokeWidth={2}
      label={{
        value: P.sle.line(sle.percent, sle.days),
        position: 'insideTopLeft',
        fontSize: 11,
        fill: '#8250df',
      }}
    />
  );
}
