import type { Project, ProjectFields, SaveProjectRequest } from '@fluxion/contract';
import { DEFAULT_ITERATION_LENGTH } from '../../lib/constants.ts';
import { Dialog, Flash, Stack } from '@primer/react';
import { useState } from 'react';
import { T } from '../../texts.ts';
import { ArchivedField } from './ArchivedField.tsx';
import { WorkLevelField } from './WorkLevelField.tsx';
import { CalendarField } from './CalendarField.tsx';
import { calendarRequest, initialCalendar } from './calendarForm.ts';
import { classificationRequest, initialChoice } from './classificationForm.ts';
import { ColumnClassificationField } from './ColumnClassificationField.tsx';
import { ColumnSelect, IterationSelect } from './fields.tsx';
import { FlowPoliciesField, initialPolicies, policiesRequest } from './FlowPoliciesField.tsx';
import type { BoardFieldsState } from './BlockedFieldSelect.tsx';
import { EstimateFieldSelect, estimateFieldId } from './EstimateFieldSelect.tsx';
import { useBoardIterations } from '../../projects/useBoardIterations.ts';
import { BreakdownFieldSelect } from './BreakdownFieldSelect.tsx';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { changeWorkflowField, getFilterSuggestions, getProjectFields } from '../../api/endpoints.ts';
import { withBoardTypes } from './TypeSlesField.tsx';
import { WorkflowFieldChange } from './WorkflowFieldChange.tsx';
import { OrgWebhookSection } from './OrgWebhookSection.tsx';
import styles from './ManageProjects.module.css';
import { boardSettings, initialIncludeArchived, saveBody, sharedSettingsEditable } from './projectForm.ts';

type Props = {
  project: Project;
  onClose: () => void;
  /** Saves; answers the error to show (the dialog then stays open), or null once saved. */
  onSubmit: (body: SaveProjectRequest) => Promise<string | null>;
};

export function EditProjectDialog({ project, onClose, onSubmit }: Props) {
  const [iteration, setIteration] = useState(
    project.iteration?.typed_days ?? (project.iteration_length_days || DEFAULT_ITERATION_LENGTH),
  );
  const [column, setColumn] = useState(project.cycle_time_start_column ?? '');
  const [classification, setClassification] = useState(() => initialChoice(project));
  const [calendar, setCalendar] = useState(() => initialCalendar(project));
  const [includeArchived, setIncludeArchived] = useState(() => initialIncludeArchived(project));
  const [workLevel, setWorkLevel] = useState(project.work_level ?? '');
  const [breakdown, setBreakdown] = useState(project.breakdown_field?.id ?? '');
  const calendarBody = calendarRequest(calendar);
  const editable = sharedSettingsEditable(project);
  const [policies, setPolicies] = useState(() => initialPolicies(project));
  // The board's issue types, each offered its own SLE (they arrive after the dialog opens).
  const suggestions = useQuery({
    queryKey: ['filter-suggestions', project.project_id],
    queryFn: () => getFilterSuggestions(project.project_id),
    staleTime: 60_000,
    retry: false,
  });
  const boardTypes = suggestions.data?.issue_types?.map((s) => s.name) ?? [];
  const shownPolicies = { ...policies, typeSles: withBoardTypes(policies.typeSles, boardTypes) };
  const policiesBody = policiesRequest(shownPolicies);
  const calendarValid =
    !editable || ('calendar' in calendarBody && calendar.weekends.length < 7 && policiesBody !== null);
  // The estimate field: sent only when changed here (omitted: unchanged).
  const { estimateField } = useBoardIterations(project.project_id);
  const fields = useQuery({
    queryKey: ['github-project-fields', project.project_id],
    queryFn: () => getProjectFields(project.project_id),
  });
  const [estimate, setEstimate] = useState<string | null>(null);
  const estimateValue = estimate ?? estimateFieldId(fields.data?.number_fields, estimateField);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [workflowField, setWorkflowField] = useState<string | null>(null);
  const submit = async () => {
    if (!calendarValid) return;
    setError(null);
    setSaving(true);
    if (workflowField !== null) {
      // The board's columns change: only the field and the iteration are saved (the rest named old columns).
      const changed = await changeWorkflowField(project.project_id, workflowField).then(
        () => null,
        (failure: unknown) => (failure instanceof Error ? failure.message : String(failure)),
      );
      const failed = changed ?? (await onSubmit(saveBody(project.project_id, project.title, iteration, '')));
      setSaving(false);
      setError(failed);
      return;
    }
    const failed = await onSubmit({
      ...saveBody(project.project_id, project.title, iteration, column),
      column_classification: classificationRequest(project, classification),
      ...('calendar' in calendarBody ? boardSettings(project, calendarBody.calendar, includeArchived) : {}),
      ...(editable && policiesBody ? { flow_policies: policiesBody } : {}),
      ...(editable && estimate !== null ? { estimate_field_id: estimate || null } : {}),
      ...(editable && workLevel !== (project.work_level ?? '')
        ? { work_level: (workLevel || null) as SaveProjectRequest['work_level'] }
        : {}),
      ...(editable && breakdown !== (project.breakdown_field?.id ?? '')
        ? { breakdown_field_id: breakdown || null }
        : {}),
    });
    setSaving(false);
    setError(failed);
  };
  return (
    <Dialog
      title={T.projects.editTitle}
      width="large"
      onClose={onClose}
      footerButtons={[
        { content: T.projects.cancel, onClick: onClose },
        {
          content: T.projects.save,
          buttonType: 'primary',
          onClick: () => void submit(),
          disabled: !calendarValid || saving,
          loading: saving,
        },
      ]}
    >
      <Stack gap="normal">
        <div>
          <div className={styles.fieldLabel}>{T.projects.project}</div>
          <div>
            {project.title} <span className={styles.muted}>({project.full_name})</span>
          </div>
        </div>
        <IterationSelect value={iteration} onChange={setIteration} iteration={project.iteration ?? null} />
        {/* The columns of the board's own workflow field, which need not be the one GitHub's view groups by. */}
        <ColumnSelect
          projectId={project.project_id}
          fieldId={project.workflow_field?.id ?? ''}
          value={column}
          onChange={setColumn}
        />
        <ColumnClassificationField project={project} choice={classification} onChange={setClassification} />
        <fieldset className={styles.shared} disabled={!editable}>
          {!editable && (
            <p className={styles.muted}>{T.projects.sharedSetBy(project.shared_settings?.set_by ?? null)}</p>
          )}
          <CalendarField choice={calendar} onChange={setCalendar} />
          <ArchivedField checked={includeArchived} onChange={setIncludeArchived} />
          <WorkLevelField value={workLevel} onChange={setWorkLevel} />
          <BreakdownFieldSelect
            fields={fields.data?.fields}
            workflowFieldId={project.workflow_field?.id ?? fields.data?.default_field_id ?? null}
            value={breakdown}
            current={project.breakdown_field ?? null}
            onChange={setBreakdown}
          />
          <FlowPoliciesField
            choice={shownPolicies}
            onChange={setPolicies}
            boardFields={boardFieldsState(fields)}
            workflowFieldId={project.workflow_field?.id ?? fields.data?.default_field_id ?? null}
          />
          <WorkflowFieldChange
            project={project}
            fields={fields.data}
            value={workflowField}
            onChange={setWorkflowField}
          />
          <EstimateFieldSelect
            projectId={project.project_id}
            value={estimateValue}
            current={estimateField}
            onChange={setEstimate}
          />
        </fieldset>
        {!project.is_demo && <OrgWebhookSection org={project.owner} />}
        {error && (
          <Flash variant="danger" role="alert">
            {error}
          </Flash>
        )}
      </Stack>
    </Dialog>
  );
}

/** The fields query as the blocked field's select takes it. */
function boardFieldsState(fields: UseQueryResult<ProjectFields>): BoardFieldsState {
  if (fields.isError) return { status: 'failed', retry: () => void fields.refetch() };
  if (fields.isPending) return { status: 'loading' };
  return { status: 'loaded', fields: fields.data.fields };
}
