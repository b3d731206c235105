/** The account routes (method and path, without zod: the web app's client reads them). */
export const accountRoutes = {
  accountData: { method: 'GET', path: '/api/account/data/' },
  accountDeletion: { method: 'GET', path: '/api/account/deletion/' },
  deleteAccount: { method: 'DELETE', path: '/api/account/' },
} as const;
