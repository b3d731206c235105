import { Select } from '@primer/react';
import type { ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { truncateTitle } from '../../lib/truncate.ts';
import { useProjects } from '../../projects/context.ts';
import { T } from '../../frameTexts.ts';
import styles from './TopNav.module.css';

const MANAGE = '__manage__';

export function ProjectSelector() {
  const { projects, loading, selected, select } = useProjects();
  const navigate = useNavigate();

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const value = event.target.value;
    if (value === MANAGE) {
      navigate('/manage-projects');
      return;
    }
    select(projects.find((project) => project.project_id === value) ?? null);
  }

  return (
    <div className={styles.selector}>
      <Select
        aria-label={T.nav.projectLabel}
        value={selected?.project_id ?? ''}
        onChange={onChange}
        disabled={loading}
        block
      >
        {loading ? (
          <Select.Option value="" disabled>
            {T.nav.loadingProjects}
          </Select.Option>
        ) : (
          <Select.Option value="" disabled>
            {T.nav.selectProject}
          </Select.Option>
        )}
        {projects.map((project) => (
          <Select.Option key={project.project_id} value={project.project_id}>
            {truncateTitle(project.title)}
          </Select.Option>
        ))}
        <Select.Option value={MANAGE}>{T.nav.manageProjects}</Select.Option>
      </Select>
    </div>
  );
}
