import { api } from './instance.ts';

/** "Download my data": what Fluxion keeps of the user, as JSON. */
export const getAccountData = () => api.call('accountData', {});
/** What deleting the account would remove and keep, for the confirmation. */
export const getAccountDeletion = () => api.call('accountDeletion', {});
/** Deletes the account; answers what was removed and what stayed. */
export const deleteAccount = () => api.call('deleteAccount', {});
