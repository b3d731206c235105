import type { EstimatedOption, Project } from '@fluxion/contract';
import { Select } from '@primer/react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { estimatedFromParams, paramsWithEstimated } from '../../lib/estimated.ts';
import { T } from '../../texts.ts';
import styles from './EstimatedSelect.module.css';

/** The page's estimated option, held in the address (`?estimated=leave_out`), and how to change it. */
export function useEstimated(): [EstimatedOption, (option: EstimatedOption) => void] {
  const [params, setParams] = useSearchParams();
  return [estimatedFromParams(params), (option) => setParams(paramsWithEstimated(params, option))];
}

/** Only a board with reconstructed items has a choice to make (or an address that already made it). */
export function offersEstimated(board: Pick<Project, 'history'>, option: EstimatedOption): boolean {
  return (board.history?.estimated_items ?? 0) > 0 || option === 'leave_out';
}

/** Include the estimated steps of reconstructed histories (the default) or leave them out. */
export function EstimatedSelect({ board }: { board: Pick<Project, 'history'> }) {
  const id = useId();
  const [option, setOption] = useEstimated();
  if (!offersEstimated(board, option)) return null;
  return (
    <div className={styles.control}>
      <label htmlFor={id}>{T.projects.estimatedLabel}</label>
      <Select
        id={id}
        size="small"
        value={option}
        onChange={(e) => setOption(e.target.value as EstimatedOption)}
      >
        <Select.Option value="include">{T.projects.estimatedOptions.include}</Select.Option>
        <Select.Option value="leave_out">{T.projects.estimatedOptions.leave_out}</Select.Option>
      </Select>
    </div>
  );
}
