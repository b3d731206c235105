/** The Account page's "Your data" card: download and delete (docs/api.md, Account). */
export const A = {
  title: 'Your data',
  lead: 'Fluxion keeps the boards you track, your settings, your digest and alert choices and your share links. They are yours.',
  privacy: 'What Fluxion stores, and for how long',
  download: 'Download my data',
  downloadFailed: 'Your data could not be downloaded just now; try again.',
  deleteButton: 'Delete my account',
  confirmTitle: 'Delete your account?',
  confirm: 'Delete my account',
  cancel: 'Keep my account',
  checking: 'Checking what deleting would remove…',
  checkFailed:
    'Fluxion could not say what deleting would remove just now. Deleting still removes only the boards no one else tracks.',
  effects:
    'Every sign-in ends, Fluxion forgets your GitHub access (and revokes it at GitHub), and your settings, digests, alerts and share links are removed.',
  deleted: (titles: string[]) =>
    titles.length === 0
      ? 'No board is deleted: you track none alone.'
      : `Deleted with everything recorded of them (no one else tracks them): ${titles.join(', ')}.`,
  kept: (titles: string[]) =>
    titles.length === 0
      ? ''
      : `These stay, with their history, for the others who track them: ${titles.join(', ')}.`,
  planEnds: (date: string) => `Your personal plan is cancelled: it ends on ${date}, with no further charge.`,
  deleteFailed:
    'Your account could not be deleted just now; nothing was removed. Try again or contact support.',
  done: 'Your account was deleted. The boards others track stay for them.',
} as const;
