import type { BillingPrice } from '@fluxion/contract';

/** Texts of the price, the invoices and the team plan (docs/billing.md); the spec's own are in texts.ts. */

const per = (interval: string) => `per ${interval}`;

export const B = {
  price: {
    /** "$12.00 per month" (personal) or "$12.00 per seat per month" (team). */
    personal: (p: BillingPrice) => `${p.display} ${per(p.interval)}`,
    team: (p: BillingPrice) => `${p.display} per seat ${per(p.interval)}`,
    /** Under a Buy button: what it costs, then the tax note. */
    checkout: (p: BillingPrice) =>
      `${p.display} ${per(p.interval)} (${p.currency.toUpperCase()}). ${p.tax_note}`,
    /** Both plans side by side, where a buyer decides (/login, the paywall). */
    plans: (p: BillingPrice) =>
      `Personal plan: ${p.display} ${per(p.interval)}. Team plan: ${p.display} per seat ${per(p.interval)}, billed to the organization (${p.currency.toUpperCase()}). ${p.tax_note}`,
    welcome: (p: BillingPrice) =>
      `After the free trial — personal plan: ${p.display} ${per(p.interval)}. Team plan: ${p.display} per seat ${per(p.interval)}, billed to the organization (${p.currency.toUpperCase()}). ${p.tax_note}`,
  },
  trialCharge: (amount: string | null, date: string) =>
    amount ? `Trial — first charge of ${amount} on ${date}.` : `Trial — first charge on ${date}.`,
  invoices: {
    title: 'Invoices',
    teamTitle: (org: string) => `Invoices of ${org}`,
    none: 'No invoices yet.',
    date: 'Date',
    amount: 'Amount',
    status: 'Status',
    open: 'View invoice',
    statusName: {
      paid: 'Paid',
      open: 'Open',
      draft: 'Draft',
      void: 'Void',
      uncollectible: 'Uncollectible',
    } as Record<string, string>,
  },
  team: {
    title: 'Team plans',
    intro:
      'A team plan covers every member who uses Fluxion on an organization’s boards, billed per seat. Its 30-day trial starts with the organization’s first board.',
    heading: (org: string) => `${org} team plan`,
    coveredBy: (org: string) => `Covered by the ${org} team plan.`,
    managedBy: (managers: string[]) =>
      managers.length
        ? `Managed by ${managers.map((m) => `@${m}`).join(', ')}.`
        : 'Managed by the organization’s owners on GitHub.',
    memberNote: 'Only its managers can buy, cancel or change the payment method.',
    seats: (seats: number) =>
      `${seats} ${seats === 1 ? 'seat' : 'seats'}: members who used Fluxion on the organization’s boards this period.`,
    billedSeats: (seats: number) => `Stripe bills ${seats} ${seats === 1 ? 'seat' : 'seats'}.`,
    status: {
      trial: (days: number, date: string) =>
        `Team trial — ${days} ${days === 1 ? 'day' : 'days'} left (until ${date}). No card needed.`,
      trialEnded: 'The team trial has ended.',
      trialCharge: (amount: string | null, date: string) =>
        amount ? `Trial — first charge of ${amount} on ${date}.` : `Trial — first charge on ${date}.`,
      active: (date: string) => `Team plan — paid until ${date}.`,
      cancelled: (date: string) => `Cancelled — the team plan stays active until ${date}.`,
      pastDue: 'Payment overdue. A manager must update the payment method.',
      ended: 'The team plan has ended.',
      failed: 'Payment failed. A manager can try again.',
    },
    buy: 'Buy the team plan',
    renew: 'Renew the team plan',
    cancel: 'Cancel the team plan',
    reactivate: 'Reactivate the team plan',
    updatePayment: 'Update Payment Method',
    confirmCancelTitle: 'Cancel the team plan?',
    confirmCancelText:
      'The plan stays active until the end of the current billing period; then its members need their own subscription.',
    confirmCancelButton: 'Cancel the team plan',
    keep: 'Keep the team plan',
    cancelled: (date: string) => `The team plan will end at: ${date}`,
    reactivated: 'Team plan reactivated successfully!',
    failed: 'That did not work. Please try again or contact support.',
    appRemoved: (date: string) =>
      `The Fluxion GitHub App was removed from this organization on ${date}. The team plan goes on — and is billed — until a manager cancels it here; boards read through the App stop updating until it is installed again.`,
    ownerUnverifiable: (org: string) =>
      `Fluxion cannot check who owns ${org} on GitHub: the Fluxion GitHub App lacks the organization permission “Members: read” there, so no owner can buy or manage this team plan yet. An owner of ${org} accepts the App’s request for that permission on GitHub (${org} → Settings → GitHub Apps → Fluxion → Review request), then reloads this page.`,
    /** One plan per person (docs/billing.md, When plans overlap). */
    payingPersonally: (payers: { login: string; until: string | null }[]) =>
      `Already paying for a personal plan: ${payers
        .map((p) => (p.until ? `@${p.login} (until ${p.until})` : `@${p.login}`))
        .join(
          ', ',
        )}. They hold no seat of this plan, and are not charged twice, while their personal plan lasts; each can end theirs on their Account page, and holds a seat from then on.`,
    alsoCovered: (org: string) =>
      `The ${org} team plan covers you too. You don’t need your personal plan while it does: end it at its period end and the team plan carries on — you hold a seat of it from then on, and you are not charged twice meanwhile.`,
    alsoCoveredEnding: (org: string, date: string) =>
      `Your personal plan ends on ${date}; from then on the ${org} team plan covers you.`,
    endPersonal: 'End my personal plan at its period end',
    addManager: 'Name a billing manager',
    managerLogin: 'GitHub login',
    addManagerButton: 'Add manager',
    managerAdded: (login: string) => `@${login} can now manage this team plan — updated.`,
    loadFailed: 'Could not load the team plans.',
  },
} as const;
