import type { BillingPrice, OrgPlan } from '@fluxion/contract';
import { OrganizationIcon } from '@primer/octicons-react';
import { Button, ConfirmationDialog, Flash, Label, TextInput } from '@primer/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { orgPlanInvoices } from '../../api/billing.ts';
import { B } from '../../billingTexts.ts';
import { PriceNote } from '../../components/Price/PriceNote.tsx';
import { Card } from '../../components/Page.tsx';
import { StatusMessage } from '../../components/StatusMessage.tsx';
import { formatDate } from '../../lib/format.ts';
import { teamPlanView } from '../../lib/teamPlan.ts';
import { T } from '../../texts.ts';
import styles from './Account.module.css';
import { InvoicesTable } from './InvoicesTable.tsx';
import { useTeamPlanActions } from './useTeamPlanActions.ts';

const TONE = { success: 'success', attention: 'attention', danger: 'danger', neutral: 'secondary' } as const;

type Props = { plan: OrgPlan; price: BillingPrice | null };

/** One organization's team plan: its state, seats and managers; the buttons and invoices for managers only. */
export function TeamPlanCard({ plan, price }: Props) {
  const actions = useTeamPlanActions(plan.org);
  const [confirming, setConfirming] = useState(false);
  const view = teamPlanView(plan, new Date(), price);
  const statusName = T.account.statusName[plan.status as keyof typeof T.account.statusName] ?? plan.status;
  return (
    <Card className={styles.wide}>
      <section className={styles.plan} aria-label={B.team.heading(plan.org)}>
        <h2 className={styles.heading}>
          <OrganizationIcon />
          {B.team.heading(plan.org)}
          <Label variant={TONE[view.tone]}>{statusName}</Label>
        </h2>
        <StatusMessage text={actions.message} />
        {plan.app_removed_at && (
          <Flash variant="warning">{B.team.appRemoved(formatDate(plan.app_removed_at))}</Flash>
        )}
        {plan.owner_unverifiable && <Flash variant="warning">{B.team.ownerUnverifiable(plan.org)}</Flash>}
        <p className={styles.status}>{view.text}</p>
        <p>
          {B.team.seats(plan.seats)}
          {plan.purchased && plan.billed_seats !== plan.seats
            ? ` ${B.team.billedSeats(plan.billed_seats)}`
            : ''}
        </p>
        <p>
          {B.team.managedBy(plan.managers)} {plan.is_manager ? '' : B.team.memberNote}
        </p>
        <div className={styles.buttons}>
          {view.updatePayment && (
            <Button
              variant={plan.status === 'past_due' ? 'primary' : 'default'}
              disabled={actions.busy}
              onClick={() => void actions.updatePayment()}
            >
              {B.team.updatePayment}
            </Button>
          )}
          {view.buyLabel && (
            <Button
              variant={plan.status === 'past_due' ? 'default' : 'primary'}
              disabled={actions.busy}
              onClick={() => void actions.buy()}
            >
              {view.buyLabel}
            </Button>
          )}
          {view.reactivate && (
            <Button disabled={actions.busy} onClick={() => void actions.reactivate()}>
              {B.team.reactivate}
            </Button>
          )}
          {view.cancel && (
            <Button variant="danger" disabled={actions.busy} onClick={() => setConfirming(true)}>
              {B.team.cancel}
            </Button>
          )}
        </div>
        {view.buyLabel && <PriceNote price={price} variant="team" />}
        {plan.paying_personally && plan.paying_personally.length > 0 && (
          <Flash variant="warning" data-testid="paying-personally">
            {B.team.payingPersonally(
              plan.paying_personally.map((p) => ({
                login: p.login,
                until: p.until ? formatDate(p.until) : null,
              })),
            )}
          </Flash>
        )}
        {plan.is_manager && <ManagerTools plan={plan} addManager={actions.addManager} busy={actions.busy} />}
      </section>
      {confirming && (
        <ConfirmationDialog
          title={B.team.confirmCancelTitle}
          confirmButtonContent={B.team.confirmCancelButton}
          confirmButtonType="danger"
          cancelButtonContent={B.team.keep}
          onClose={(gesture) => {
            setConfirming(false);
            if (gesture === 'confirm') void actions.cancel();
          }}
        >
          {B.team.confirmCancelText}
        </ConfirmationDialog>
      )}
    </Card>
  );
}

/** A manager's part: the organization's invoices, and for an owner, naming a billing manager. */
function ManagerTools(props: {
  plan: OrgPlan;
  addManager: (login: string) => Promise<boolean>;
  busy: boolean;
}) {
  const { plan } = props;
  const client = useQueryClient();
  const [login, setLogin] = useState('');
  const invoices = useQuery({
    queryKey: ['org-invoices', plan.org],
    queryFn: () => orgPlanInvoices(plan.org),
    enabled: plan.purchased,
  });
  const add = async () => {
    if (await props.addManager(login.trim())) {
      setLogin('');
      await client.invalidateQueries({ queryKey: ['org-plans'] });
    }
  };
  return (
    <>
      {plan.purchased && (
        <>
          <h3 className={styles.heading}>{B.invoices.teamTitle(plan.org)}</h3>
          <InvoicesTable invoices={invoices.data?.invoices ?? []} label={B.invoices.teamTitle(plan.org)} />
        </>
      )}
      {plan.is_owner && (
        <form
          className={styles.manager}
          onSubmit={(event) => {
            event.preventDefault();
            if (login.trim()) void add();
          }}
        >
          <div>
            <label htmlFor={`manager-${plan.org}`} className={styles.label}>
              {B.team.addManager}
            </label>
            <TextInput
              id={`manager-${plan.org}`}
              placeholder={B.team.managerLogin}
              value={login}
              onChange={(event) => setLogin(event.target.value)}
              block
            />
          </div>
          <Button type="submit" disabled={props.busy || !login.trim()}>
            {B.team.addManagerButton}
          </Button>
        </form>
      )}
    </>
  );
}
