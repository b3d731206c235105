/**
 * The texts of the app's frame: the top bar, the sign-in state, a page while its code loads, a board's
 * sync state. The frame's code reads them here, so that the first load carries these and not every
 * page's texts (docs/performance.md, "First load of the web app"); texts.ts, where every other text is,
 * includes them under the same names, so `T.nav.home` is the same text in either.
 */
export const T = {
  appName: 'Fluxion Analytics',
  nav: {
    home: 'Home',
    leadTime: 'Lead-Time',
    timeInState: 'Time in State',
    issuesInColumns: 'Issues in Columns',
    flow: 'Flow',
    parents: 'Parents',
    iterations: 'Iterations',
    selectProject: 'Select project',
    loadingProjects: 'Loading projects…',
    manageProjects: 'Manage projects…',
    /** The user menu's way to Manage Projects (the selector's 'Manage projects…' is the other). */
    projects: 'Projects',
    account: 'Account',
    logout: 'Logout',
    userMenu: 'Open user menu',
    projectLabel: 'Project',
  },
  auth: {
    loadingUser: 'Loading user data...',
    oauthFailed: 'OAuth authentication failed. Please try again.',
    expired: 'Authentication expired. Please log in again.',
    failedUser: 'Failed to load user data',
    connection: 'Connection error',
    incomplete: 'Authentication error: Incomplete token data. Please try logging in again.',
    sessionExpired: 'Session abgelaufen. Bitte neu einloggen.',
    retry: 'Try again',
    loginAgain: 'Log in again',
  },
  common: {
    loadingDiagram: 'Loading diagram…',
    /** While a page's code loads (sign-in and payment-return pages; the others name what they load). */
    loadingPage: 'Loading…',
    reload: 'Reload',
  },
  home: {
    loading: 'Loading projects…',
  },
  payment: {
    activating: 'Activating your subscription…',
  },
  share: {
    loading: 'Loading the shared analyses…',
  },
  states: {
    sync: {
      firstSync: 'Waiting for the first sync with GitHub',
      importing: 'Importing the history from GitHub…',
      synced: (ago: string) => `Synced with GitHub ${ago}`,
      sample: 'Sample board',
      lost: 'GitHub access lost — not syncing',
    },
  },
};
