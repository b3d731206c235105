import type { Project } from '@fluxion/contract';
import { CopyIcon } from '@primer/octicons-react';
import { Button, Dialog, Flash, FormControl, Select, Stack, TextInput } from '@primer/react';
import { useState } from 'react';
import { filterSummary } from '../../../lib/filterSummary.ts';
import { ANALYSIS_WINDOWS } from '../../../lib/analysisWindow.ts';
import type { ItemFilterState } from '../../../lib/itemFilter.ts';
import { T } from '../../../texts.ts';
import { shareRequest } from './shareRequest.ts';
import { useShareLinks } from './useShareLinks.ts';

const LIFETIMES = [7, 30, 90];

/** From an analysis page: its window and item filter go with the link. */
type Props = { project: Project; onClose: () => void; days?: number; filter?: ItemFilterState | null };

/** Creates a read-only link to one board's analyses and shows it once, to copy. */
export function ShareDialog({ project, onClose, days: pageDays = 30, filter = null }: Props) {
  const { create } = useShareLinks();
  const [days, setDays] = useState(pageDays);
  const [lifetime, setLifetime] = useState(30);
  const [copied, setCopied] = useState(false);
  const url = create.data ? `${window.location.origin}${create.data.path}` : null;
  const submit = () => create.mutate(shareRequest(project.project_id, { days, lifetime, filter }));
  const filtersOn = filter ? filterSummary(filter) : [];
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };
  return (
    <Dialog
      title={T.share.dialogTitle(project.title)}
      width="large"
      onClose={onClose}
      footerButtons={
        url
          ? [{ content: T.share.close, buttonType: 'primary', onClick: onClose }]
          : [
              { content: T.projects.cancel, onClick: onClose },
              {
                content: create.isPending ? T.share.creating : T.share.create,
                buttonType: 'primary',
                onClick: submit,
                disabled: create.isPending,
              },
            ]
      }
    >
      <Stack gap="normal">
        <p>{T.share.intro}</p>
        {filtersOn.length > 0 && <p data-testid="share-filters">{T.share.withFilters(filtersOn)}</p>}
        {create.isError && <Flash variant="danger">{create.error.message}</Flash>}
        {url ? (
          <>
            <Flash variant="success">{T.share.created}</Flash>
            <Stack direction="horizontal" gap="condensed">
              <TextInput aria-label={T.share.copy} value={url} readOnly block data-testid="share-url" />
              <Button leadingVisual={CopyIcon} onClick={() => void copy()}>
                {copied ? T.share.copied : T.share.copy}
              </Button>
            </Stack>
          </>
        ) : (
          <>
            <FormControl>
              <FormControl.Label>{T.share.windowLabel}</FormControl.Label>
              <Select value={String(days)} onChange={(e) => setDays(Number(e.target.value))}>
                {ANALYSIS_WINDOWS.map((d) => (
                  <Select.Option key={d} value={String(d)}>
                    {T.analysisWindow.option(d)}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
            <FormControl>
              <FormControl.Label>{T.share.expiresLabel}</FormControl.Label>
              <Select value={String(lifetime)} onChange={(e) => setLifetime(Number(e.target.value))}>
                {LIFETIMES.map((d) => (
                  <Select.Option key={d} value={String(d)}>
                    {T.share.expiresOption(d)}
                  </Select.Option>
                ))}
              </Select>
            </FormControl>
          </>
        )}
      </Stack>
    </Dialog>
  );
}
