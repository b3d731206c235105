import type { AnalysisFilterParams, Project } from '@fluxion/contract';
import { Label } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { getFlow } from '../../api/flow.ts';
import { SleAtRiskList } from '../../components/FlowPolicies/SleAtRiskList.tsx';
import { FLOW_DEFAULTS } from '../../lib/constants.ts';
import { sleAtRiskItems } from '../../lib/flowPolicies.ts';
import { durationUnit } from '../../lib/units.ts';
import { P } from '../../policyTexts.ts';

type Props = { project: Project; column: string; count: number; filter: AnalysisFilterParams };

/**
 * The chosen column against its WIP limit, and the board's items at risk of missing its SLE (oldest first,
 * from the Flow answer of the default window, the one the Flow page opens on, so both share it).
 */
export function IssuesPolicies({ project, column, count, filter }: Props) {
  const limit = project.flow_policies?.wip_limits[column];
  const { days, horizon, items } = FLOW_DEFAULTS;
  const flow = useQuery({
    queryKey: ['flow', project.project_id, days, horizon, items, 'items', filter],
    queryFn: () => getFlow({ project: project.project_id, days, horizon, items, unit: 'items' }, filter),
  });
  return (
    <>
      {limit !== undefined && (
        <p data-testid="issues-wip-limit" data-over={count > limit}>
          <Label variant={count > limit ? 'danger' : 'secondary'}>{P.wip.chip(count, limit)}</Label>{' '}
          {count > limit && P.wip.overNow}
        </p>
      )}
      {flow.data && (
        <SleAtRiskList
          items={sleAtRiskItems(flow.data)}
          sle={flow.data.sle}
          unit={durationUnit(project.calendar)}
          projectId={project.project_id}
        />
      )}
    </>
  );
}
