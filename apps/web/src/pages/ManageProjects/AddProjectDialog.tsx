import type { Project, SaveProjectRequest } from '@fluxion/contract';
import { Dialog, Flash, FormControl, Link, Select, Stack } from '@primer/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EstimateFieldSelect } from './EstimateFieldSelect.tsx';
import { BreakdownFieldSelect } from './BreakdownFieldSelect.tsx';
import { getOwnerOptions, getProjectFields, getProjectsByOwner } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/context.ts';
import { useConnections } from '../../components/BoardAccess/useConnections.ts';
import { useInstallUrl } from '../../components/BoardAccess/useInstallUrl.ts';
import { ErrorState } from '../../components/ErrorState.tsx';
import { T } from '../../texts.ts';
import { ColumnSelect, IterationSelect, WorkflowFieldSelect } from './fields.tsx';
import { ConnectPersonalButton } from './GithubAppInstall.tsx';
import {
  buildAddRequest,
  canSubmit,
  changeField,
  changeOwner,
  changeProject,
  initialForm,
  ownerParam,
  type ProjectForm,
} from './projectForm.ts';

type Props = {
  tracked: Project[];
  onClose: () => void;
  /** Saves; answers the error to show (the dialog then stays open), or null once saved. */
  onSubmit: (body: SaveProjectRequest) => Promise<string | null>;
};

export function AddProjectDialog({ tracked, onClose, onSubmit }: Props) {
  const { user } = useAuth();
  const [form, setForm] = useState<ProjectForm>(initialForm);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The board's Number field read as the estimate ('' for none, the default), for the board chosen.
  const [estimateOf, setEstimateOf] = useState({ projectId: '', fieldId: '' });
  const estimate = estimateOf.projectId === form.projectId ? estimateOf.fieldId : '';
  // The field Flow splits the work by ('' for issue type, the default), for the board chosen.
  const [breakdownOf, setBreakdownOf] = useState({ projectId: '', fieldId: '' });
  const breakdown = breakdownOf.projectId === form.projectId ? breakdownOf.fieldId : '';
  const boardFields = useQuery({
    queryKey: ['github-project-fields', form.projectId],
    queryFn: () => getProjectFields(form.projectId),
    enabled: form.projectId !== '',
  });
  const owners = useQuery({ queryKey: ['github-owner-options'], queryFn: getOwnerOptions });
  const ownerValue = form.owner ?? owners.data?.[0]?.value ?? null;
  const option = owners.data?.find((o) => o.value === ownerValue);
  const owner = ownerParam(option, user?.username);
  const available = useQuery({
    queryKey: ['github-projects-by-owner', owner],
    queryFn: () => getProjectsByOwner(owner),
    enabled: owners.isSuccess,
    // Live from GitHub each time an owner is chosen: an owner chosen again is asked again, not shown as
    // it was (a failing GitHub then says so instead of showing the earlier list).
    gcTime: 0,
  });
  const trackedIds = new Set(tracked.map((p) => p.project_id));
  const choices = (available.data ?? []).filter((p) => !trackedIds.has(p.id));
  // Loading only while a call is under way: a failed owners call leaves the projects call idle, not loading.
  const projectsLoading = owners.isLoading || available.isLoading;
  const noChoice = available.isSuccess && choices.length === 0;
  const missing = missingConnection(useConnections(), owner);

  return (
    <Dialog
      title={T.projects.addTitle}
      width="large"
      onClose={onClose}
      footerButtons={[
        { content: T.projects.cancel, onClick: onClose },
        {
          content: T.projects.add,
          buttonType: 'primary',
          disabled: !canSubmit(form, projectsLoading) || !available.isSuccess || saving,
          loading: saving,
          onClick: async () => {
            const result = buildAddRequest(form, available.data ?? []);
            if (!result.ok) return setError(result.error);
            setError(null);
            setSaving(true);
            const failed = await onSubmit({
              ...result.body,
              ...(estimate ? { estimate_field_id: estimate } : {}),
              ...(breakdown ? { breakdown_field_id: breakdown } : {}),
            });
            setSaving(false);
            setError(failed);
          },
        },
      ]}
    >
      <Stack gap="normal">
        <FormControl disabled={owners.isPending}>
          <FormControl.Label>{T.projects.organization}</FormControl.Label>
          <Select value={ownerValue ?? ''} onChange={(e) => setForm(changeOwner(form, e.target.value))} block>
            {owners.isLoading && <Select.Option value="">{T.projects.loadingOwners}</Select.Option>}
            {(owners.data ?? []).map((o) => (
              <Select.Option key={o.value} value={o.value}>
                {o.display_name}
              </Select.Option>
            ))}
          </Select>
        </FormControl>
        {owners.isError && (
          <ErrorState
            error={owners.error}
            onRetry={() => void owners.refetch()}
            retrying={owners.isFetching}
          />
        )}
        <FormControl required disabled={projectsLoading || choices.length === 0}>
          <FormControl.Label>{T.projects.project}</FormControl.Label>
          <Select value={form.projectId} onChange={(e) => setForm(changeProject(form, e.target.value))} block>
            <Select.Option value="" disabled>
              {projectsLoading ? T.projects.loadingProjectsOption : T.projects.chooseProject}
            </Select.Option>
            {choices.map((p) => (
              <Select.Option key={p.id} value={p.id}>
                {`${p.name} (${p.full_name})`}
              </Select.Option>
            ))}
          </Select>
          {noChoice && !missing && (
            <FormControl.Validation variant="error">{T.projects.noAvailable}</FormControl.Validation>
          )}
        </FormControl>
        {noChoice && missing && <MissingConnection missing={missing} />}
        {available.isError && (
          <ErrorState
            error={available.error}
            onRetry={() => void available.refetch()}
            retrying={available.isFetching}
          />
        )}
        <WorkflowFieldSelect
          projectId={form.projectId}
          value={form.fieldId}
          onChange={(fieldId) => setForm(changeField(form, fieldId))}
        />
        <IterationSelect value={form.iteration} onChange={(iteration) => setForm({ ...form, iteration })} />
        <ColumnSelect
          projectId={form.projectId}
          fieldId={form.fieldId}
          value={form.column}
          onChange={(column) => setForm({ ...form, column })}
        />
        {form.projectId && (
          <EstimateFieldSelect
            projectId={form.projectId}
            value={estimate}
            current={null}
            onChange={(fieldId) => setEstimateOf({ projectId: form.projectId, fieldId })}
          />
        )}
        {form.projectId && (
          <BreakdownFieldSelect
            fields={boardFields.data?.fields}
            workflowFieldId={form.fieldId || boardFields.data?.default_field_id || null}
            value={breakdown}
            onChange={(fieldId) => setBreakdownOf({ projectId: form.projectId, fieldId })}
          />
        )}
        {error && (
          <Flash variant="danger" role="alert">
            {error}
          </Flash>
        )}
      </Stack>
    </Dialog>
  );
}

type Missing = { personal: true } | { personal: false; org: string };

/**
 * Why GitHub may have answered an empty list: not "no boards" but a connection Fluxion lacks. A user
 * signed in through the App sees no personal board until they connect them, and no private board of an
 * organization where the App is not installed.
 */
function missingConnection(
  connections: ReturnType<typeof useConnections>,
  owner: string | null,
): Missing | null {
  if (connections?.sign_in !== 'github_app') return null;
  if (owner === null) return connections.personal_boards === 'not_connected' ? { personal: true } : null;
  return connections.installed_on.includes(owner) ? null : { personal: false, org: owner };
}

/** What to do instead of "No available projects": connect personal boards, or install the App. */
function MissingConnection({ missing }: { missing: Missing }) {
  const installUrl = useInstallUrl();
  if (missing.personal) {
    return (
      <Flash variant="warning" data-missing="personal">
        <Stack gap="condensed" align="start">
          <span>{T.githubApp.personalMissing}</span>
          <ConnectPersonalButton />
        </Stack>
      </Flash>
    );
  }
  return (
    <Flash variant="warning" data-missing="installation">
      <p>{T.githubApp.notInstalled(missing.org)}</p>
      {installUrl && <Link href={installUrl}>{T.githubApp.install(missing.org)}</Link>}
    </Flash>
  );
}
