import { iterationWindow } from '@fluxion/contract/format';
import { formatCount } from './lib/viewerFormat.ts';
import { T as F } from './frameTexts.ts';

/** "1 recorded movement", "1,234 recorded movements". */
const movements = (count: number) =>
  `${formatCount(count)} recorded ${count === 1 ? 'movement' : 'movements'}`;

/**
 * Every user-facing text of the product, in one place. The texts of the app's frame (top bar, sign-in
 * state, pages loading) are written in frameTexts.ts, the first load's only texts, and appear here under
 * the same names.
 */
/** The bottleneck's window, named alike wherever the bottleneck is (Home, Time in State, the engine's insights). */
const bottleneckWindow = iterationWindow;

/** The item page's partial-history note: what the lost moves leave unknown of this item, and nothing more. */
const ITEM_LOST = {
  cycleAndLead: ': its start is not known, so it has no cycle time and no lead time.',
  cycle:
    ': its start is not known, so it has no cycle time; its lead time counts from when it joined the board.',
  lead: ': when it joined the board is not known, so it has no lead time.',
  age: ': its start is not known, so its age counts from then (at least).',
  nothing: '.',
} as const;

export const T = {
  appName: F.appName,
  nav: F.nav,
  auth: F.auth,
  login: {
    title: 'Sign in to Fluxion Analytics',
    subtitle: 'Flow analytics for your GitHub Projects boards.',
    button: 'Sign in with GitHub',
    ssoNote:
      'Does your organization use single sign-on (SSO)? Log in to GitHub first, then come back here and sign in.',
    metadataNote: 'We only read your project list and issue metadata — never your code.',
  },
  welcome: {
    title: 'Welcome to Fluxion Analytics',
    subtitle: 'See how work flows through your GitHub Projects boards.',
    button: 'Sign in with GitHub',
    bullets: [
      'Secure login with your GitHub account',
      'We only read project lists and issue metadata — never your code',
      '30-day free trial, no credit card required',
    ],
    consentBefore: 'By signing in you agree to our ',
    privacy: 'Privacy Policy',
    consentMiddle: ' and ',
    terms: 'Terms of Use',
    consentAfter: '.',
  },
  payment: {
    successTitle: 'Thank you!',
    successText: 'Your account has been activated. Enjoy Fluxion Analytics Pro.',
    toDashboard: 'Go to dashboard',
    cancelledTitle: 'Payment cancelled',
    cancelledText: 'No changes were made to your account.',
    backToAccount: 'Back to account',
    activating: F.payment.activating,
    notYet:
      'Stripe has not confirmed the payment yet. It usually does within a minute: your account page shows the subscription as soon as it does. Reloading this page asks again and never charges you twice. Still nothing after an hour? Look at the invoices on your account page before buying again.',
    confirmFailed: (message: string) => `Your subscription could not be confirmed just now: ${message}`,
  },
  home: {
    title: 'Welcome to Fluxion Analytics',
    greeting: (name: string) => `Hello ${name}! Here is how work flows through your boards.`,
    loading: F.home.loading,
    onboardingTitle: 'Get started in three steps',
    step1: 'Register your own project on the Projects page.',
    step1Link: 'Go to Projects',
    step2: "Explore the demo project's dashboards.",
    step2Link: 'Open the demo Lead Time',
    step3:
      'Come back regularly — adding a project imports the earlier moves GitHub still shows, and every move is recorded from then on.',
    analysesTitle: 'Your analyses',
    boards: {
      title: 'Your boards at a glance',
      subtitle: (days: number) =>
        `What is stuck where — the Flow figures of the last ${days} days, most urgent first.`,
      loading: 'Loading your boards…',
      failed: 'Failed to load the overview of your boards.',
      demo: 'Demo',
      openFlow: 'Open Flow',
      windowHint: (days: number) => `last ${days} days`,
      oldest: 'Oldest in progress',
      bottleneck: (column: string, days: string, unit: string, window: number) =>
        `Bottleneck: '${column}', ${days} ${unit} per stay, ${bottleneckWindow(window)}`,
      noWip: 'Nothing in progress',
      oldestHint: (item: string, column: string) => `${item} in ${column}`,
      untitled: 'Untitled item',
      noData: 'Not enough data yet',
      noDataText: (days: number) =>
        `Nothing finished in the last ${days} days and nothing is in progress. Movements are recorded from the moment a board is added, so figures follow as work moves.`,
      cardFailed: 'Figures unavailable',
    },
  },
  common: {
    selectProjectFirst: 'Please select a project to view data.',
    unknownProject:
      'The project in this link is not one of your tracked projects (it may have been removed). Please select a project to view data.',
    loadingDiagram: F.common.loadingDiagram,
    loadingPage: F.common.loadingPage,
    help: 'How to interpret the data?',
    confidence: 'Confidence',
    /** Beside the percent, on every screen (a phone has no hover for the explanation below). */
    confidenceFrom: (sample: number) => `(a sample of ${formatCount(sample)})`,
    confidenceHelp:
      'How much this sentence rests on, from the size n of its sample (the completions, stays or issues behind it): n / (n + 10), so 50% at 10 and at most 95%. Not a probability that it is true.',
    notAvailable: 'N/A',
    loadFailed: 'Failed to load data',
    reload: F.common.reload,
  },
  /** Beyond the spec: what a page says while a board has too little history, fails, or syncs. */
  states: {
    notEnough: 'Not enough data yet',
    notEnoughFiltered: 'Not enough matching items',
    filteredNeeds:
      'Too few of the items the filter keeps have the history these figures need. Widen or clear the filter to see more of the board.',
    /** The answer's `kept_items` is 0: said plainly, not as too little history. */
    noneMatching: 'No matching items',
    filterKeepsNone: 'No item matches the filter. Widen or clear the filter to see the board.',
    recordingSince: (date: string) => `Fluxion has recorded this board's moves since ${date}.`,
    recordingFromAdd: "Fluxion records a board's moves from the moment it is added.",
    /** Said of the window, not of the board: earlier completions (or ones GitHub lost the start of) may exist. */
    leadTimeNeeds: (done: string, days: number) =>
      `Lead time appears once an issue reaches '${done}' (none with a known start has in the last ${days} days); the trend and stability need completions over two iterations.`,
    timeInStateNeeds:
      'Time in State appears once issues move between columns (none has moved yet); each move adds to the chart.',
    flowNeeds: (done: string, days: number) =>
      `No item reached '${done}' in the last ${days} days: throughput, cycle-time percentiles and forecasts appear after the first completions. The charts below show the work on the board now.`,
    errorTitle: "This couldn't be loaded",
    errorHint: 'The server or GitHub did not answer as expected. Try again in a moment; your data is safe.',
    retry: 'Try again',
    /** A 400: the request (the address's settings or filter) was refused, with the server's reason. */
    badRequest: 'This view asks for something the server cannot answer',
    badRequestReason: (reason: string) =>
      `The server refused the request: ${reason.replace(/\.$/, '')}. Change the settings or filter above, or clear them.`,
    importing: "Fluxion is importing this board's history from GitHub; the figures follow in a moment.",
    sync: F.states.sync,
  },
  leadTime: {
    title: 'Lead Time',
    subtitle:
      'How long issues take from entering the board to done, and from the cycle start column to done.',
    leadTrend: 'Lead Time Trend',
    cycleTrend: 'Cycle Time Trend',
    stability: 'Process Stability',
    avgLead: 'Avg Lead Time (days)',
    /** The spec's tile names its unit: working days on a board whose calendar has days off. */
    avgLeadIn: (unit: string) => `Avg Lead Time (${unit})`,
    leadPercentiles: (unit: string) => `Lead Time p50 / p85 (${unit})`,
    cyclePercentiles: (unit: string) => `Cycle Time p50 / p85 (${unit})`,
    percentilesHint: (count: number, days: number) =>
      `Half of the ${count} items finished in the last ${days} days took up to p50, 85% up to p85`,
    noClearChange: 'No clear change',
    withinNoise: (percent: string, noise: number) =>
      `${percent} vs the window before is within the window's own noise (±${noise}%)`,
    fewCompletions: (percent: string, before: number, now: number) =>
      `${percent} rests on ${before} and ${now} completions; a trend needs 5 in each window`,
    pastNoise: (noise: number) => `Past the window's own noise (±${noise}%)`,
    /** A tile with no sample behind it shows no verdict, and says what it waits for. */
    unknownValue: '—',
    /** Of the page's window, as the insight beside it says it ("no completions in the 30 days before"). */
    trendNeeds: (days: number) => `Needs a completion in the ${days} days before`,
    /** No completion in the window: a change against the window before would read as "-100%". */
    trendNeedsNow: 'Needs a completion in this window',
    /** Items finished, none with a known start (docs/metrics.md §16): not "needs a completion" beside "6 finished". */
    trendNeedsKnownStart: (finished: number) =>
      finished === 1
        ? 'Needs a finished item with a known start: the 1 in this window has none'
        : `Needs a finished item with a known start: the ${finished} in this window have none`,
    /** Stability reads the last two windows (docs/metrics.md §3): named in days, whatever the window. */
    stabilityNeeds: (sample: number, needed: number, windowDays: number) =>
      `Needs ${needed} completions in the last ${2 * windowDays} days (has ${sample})`,
    xAxis: 'Date',
    yAxis: 'Days',
    yAxisIn: (unit: string) => (unit === 'days' ? 'Days' : 'Working days'),
    leadSeries: 'Average Lead Time',
    cycleSeries: 'Cycle Time',
    help: [
      'Lead time is measured from an issue’s first recorded entry on the board until it reaches the last (done) column. Cycle time starts when the issue enters the cycle start column chosen for the project.',
      'Each point is the average over the issues completed in the trailing window (one iteration unless you pick another window). A trend below 0 % means work gets done faster; above 5 % it is slowing down. A trend is coloured only when each window holds at least 5 completions and the change is larger than the windows’ own noise (two standard errors of the difference of their means); otherwise the tile says “No clear change” and why.',
      'p50 and p85 sit beside the mean: half of the items finished within p50, 85% within p85. One very slow item moves the mean, not the percentiles. On a board with weekends or holidays, every duration counts working days.',
      'Process stability compares how much lead times vary: High means predictable delivery, Medium some variation, Low large swings.',
    ],
  },
  timeInState: {
    title: 'Time in State',
    subtitle: 'Where issues spend their time, column by column.',
    intensive: 'Time-intensive Stage',
    /** The bottleneck reads the iteration whatever the page's window: the one Home and Flow name. */
    intensiveHint: (days: string, unit: string, window: number) =>
      `${days} ${unit} per stay, ${bottleneckWindow(window)}, as on Home and Flow`,
    intensity: 'Stage Intensity',
    intensityHint: (window: number) => `vs the other in-progress columns, ${bottleneckWindow(window)}`,
    /** Why both bottleneck tiles read N/A: the engine names none (docs/metrics.md, "One model of commitment"). */
    noBottleneckHint: (window: number) =>
      `No stay in an in-progress column ended in the ${bottleneckWindow(window)}`,
    activeRatio: 'Active Work Ratio (%)',
    /** Not flow efficiency (docs/metrics.md §17): the page says which is which. */
    activeRatioHint:
      'productive ÷ (productive + waiting) time; blocked time counts — not Flow’s flow efficiency',
    queueHealth: 'Queue Health',
    queueHint: (ratio: number) => `${Math.round(ratio * 100)}% of committed items wait in a queue column`,
    /** No committed item is open now: no queue to judge, so no reassuring Healthy (issue 31). */
    queueUnknownHint: 'no committed item is open now',
    yAxis: 'Average Time (days)',
    yAxisIn: (unit: string) => `Average Time (${unit})`,
    xAxis: 'Date',
    productive: 'Productive columns',
    waiting: 'Waiting columns',
    none: 'none',
    healthy: 'Healthy',
    moderate: 'Moderate',
    critical: 'Critical',
    help: [
      'Each bar shows, per day, the average time issues spent in each column during the trailing window chosen above (by default the iteration).',
      'The time-intensive stage and its intensity always read the iteration: they name the bottleneck Home and Flow name, whatever the window.',
      'Stage intensity compares the slowest column with the average of the others: above 1.5x it deserves attention, above 2.5x it is a bottleneck.',
      'Active work ratio is the share of committed time spent in productive columns rather than waiting ones. Queue health is the share of committed open items that are waiting: below 0.3 is healthy, below 0.6 moderate. Both count only work past the commitment point (the cycle start column): a backlog is a list of options, not a queue.',
    ],
  },
  issues: {
    title: 'Issues in Columns',
    subtitle: 'Which issues sit in a column right now, and for how long.',
    selectColumn: 'Select Column:',
    columnOption: (name: string, count: number) => `${name} (${count} ${count === 1 ? 'issue' : 'issues'})`,
    total: 'Total Issues',
    avgDays: 'Avg Days in Column',
    avgDaysIn: (unit: string) => (unit === 'days' ? 'Avg Days in Column' : 'Avg Working Days in Column'),
    colDaysIn: (unit: string) => (unit === 'days' ? 'Days in Column' : 'Working Days in Column'),
    overHint: (threshold: number, unit: string) => `> ${threshold} ${unit}`,
    over1x: 'Over 1x Iteration',
    over2x: 'Over 2x Iteration',
    colNumber: '#',
    /** A draft's link to its item page (it has no number). */
    details: 'Details',
    colTitle: 'Title',
    colDays: 'Days in Column',
    colEntered: 'Entered Column',
    colMilestone: 'Milestone',
    colLabels: 'Labels',
    unknown: 'Unknown',
    noMilestone: 'No milestone',
    noLabels: 'No labels',
    empty: 'No issues found in the selected column.',
    shown: (shown: number, total: number) => `Showing the ${shown} longest-waiting of ${total} issues.`,
    showMore: (count: number) => `Show ${count} more`,
    showAll: 'Show all',
    loading: 'Loading issues...',
    failed: 'Failed to load issues',
    fallbackInsight: 'Analysis unavailable - using fallback calculations',
    help: [
      'Pick a board column to see the issues currently in it, the longest-waiting first.',
      'Days in column counts from the moment the issue entered its current column. Amber marks more than 7 days, bold red more than 14.',
      'Over 1x / 2x Iteration counts the issues that have been in the column longer than one or two iterations of the project.',
    ],
  },
  flow: {
    title: 'Flow',
    subtitle: 'How much, how fast, how predictable — and when.',
    perWeek: 'Throughput per week',
    perWeekHint: (total: number, days: number) => `${total} items finished in ${days} days`,
    cycleP85: 'Cycle time 85th percentile',
    cycleP85Hint: '85% of items finished within this many days',
    days: (value: string, unit = 'days') => `${value} ${unit}`,
    wipAtRisk: 'WIP at risk',
    /** The line the count is against: the SLE wherever one is set or proposed, else the p85 (named so). */
    wipAtRiskHint: (total: number, sle: { percent: number; days: number } | null, unit = 'days') =>
      sle
        ? `of ${formatCount(total)} in progress, at risk of missing the SLE (${sle.percent}% within ${sle.days} ${unit})`
        : `of ${formatCount(total)} in progress, older than the p85 of cycle times`,
    nextDays: (horizon: number) => `Next ${horizon} days`,
    nextItems: (items: number) => `${items} ${items === 1 ? 'item' : 'items'} (85%)`,
    noForecast: 'No forecast yet',
    nextHint: (days: number) => `Monte Carlo, from the last ${days} days of throughput`,
    /**
     * The forecast's sample said as it is, beside the page's window: the working days of the window on a
     * calendar with days off, or the days of history the window holds when the board is younger.
     */
    /**
     * The forecast samples whole days, today left out (docs/metrics.md §11): "before today", so that it is
     * not read as the throughput tile's "in 30 days", which ends today (43 there, 44 sampled on the demo).
     */
    sampleOf: (sampleDays: number, windowDays: number, unit: string) =>
      unit !== 'days'
        ? `the ${sampleDays} working days of the ${windowDays} days before today`
        : sampleDays === windowDays
          ? `the ${windowDays} days before today`
          : `the ${sampleDays} days of history in the ${windowDays} days before today`,
    nextHintOf: (sample: string) => `Monte Carlo, from the throughput of ${sample}`,
    cfdTitle: 'Cumulative flow',
    cfdCaption: 'Items per column each day, stacked: widening bands are queues growing.',
    scatterTitle: 'Cycle time scatter',
    scatterCaption: 'Each dot is an item finished in the window; dashed lines are the percentiles.',
    agingTitle: 'Aging work in progress',
    agingCaption: 'Each dot is an item in progress, by column and age; bands are the cycle-time percentiles.',
    agingThinned: (dots: number, items: number) =>
      `${formatCount(items)} items in progress, ${formatCount(dots)} dots: where many share a column and an age, the last dot there stands for the rest (its tooltip says how many). The CSV lists every item.`,
    moreHere: (more: number, column: string) =>
      `and ${formatCount(more)} more of about this age in ${column}`,
    scatterThinned: (dots: number, items: number) =>
      `${formatCount(items)} items finished, ${formatCount(dots)} dots: where many finished about the same day in about as many days, the last dot there stands for the rest (its tooltip says how many). The CSV lists every item.`,
    moreFinishedHere: (more: number) => `and ${formatCount(more)} more finished about then, in about as long`,
    forecastTitle: 'Forecast',
    forecastCaptionOf: (sample: string, trials: number) =>
      `Monte Carlo simulation of ${formatCount(trials)} futures drawn from the throughput of ${sample}.`,
    forecastCaption: (days: number, trials: number) =>
      `Monte Carlo simulation of ${formatCount(trials)} futures drawn from the last ${days} days of throughput.`,
    confidence: 'Confidence',
    sampleNote: (start: string, end: string, perDay: number) =>
      `Sampled days: ${start} – ${end}, on average ${perDay} items finished a day.`,
    forecastNote:
      'Read “at least N” as: in that share of the simulated futures, N or more items were finished; a date, as: that share was done by then.',
    howMany: (horizon: number) => `Items in the next ${horizon} days`,
    when: (items: number) => `Next ${items} items done by`,
    atLeast: (items: number) => `at least ${items}`,
    never: 'not within the forecast limit',
    dateAxis: 'Date',
    ageAxisIn: (unit: string) => `Age (${unit})`,
    daysAxis: 'Days',
    itemsAxis: 'Items',
    ageAxis: 'Age (days)',
    percentile: (p: number) => `${p}th`,
    risk: {
      on_track: 'On track',
      watch: 'Watch',
      at_risk: 'At risk',
      critical: 'Critical',
      unknown: 'No history',
    },
    estimatedPoint: 'Estimated: GitHub lost part of its history (hollow dot)',
    /** The charts' key to their hollow dots, shown when one is drawn. */
    estimatedLegend: 'Hollow: history partly estimated',
    itemLabel: (number: number | null, title: string | null) =>
      number === null ? (title ?? 'Item') : `#${number} ${title ?? ''}`,
    /** A chart dot's link: the item, then where it goes. */
    openItem: (label: string) => `${label}: open on GitHub`,
    noCompletions: 'No item finished in this window yet.',
    noWip: 'No work in progress right now.',
    /** The unit switch: items, or the board's estimate field (docs/metrics.md, "Iterations and estimates"). */
    unitLabel: 'Count:',
    unitItems: 'Items',
    unitEstimate: (field: string) => (/estimate/i.test(field) ? field : `${field} (estimate)`),
    sampleNoteIn: (start: string, end: string, perDay: string) =>
      `Sampled days: ${start} – ${end}, on average ${perDay} finished a day.`,
    /** "12 items" or "34 of Estimate": what a figure counts in the chosen unit. */
    amount: (value: number, field: string | null) =>
      field === null ? `${value} ${value === 1 ? 'item' : 'items'}` : `${value} of ${field}`,
    axis: (field: string | null) => (field === null ? 'Items' : field),
    estimateNote: (field: string) =>
      `Counted in ${field}: each item weighs its latest estimate; an item without one weighs 0.`,
    help: [
      'Cumulative flow: for each day, the items that have reached each column, stacked from done (bottom) to the first column. The height of a band is the work in that column; parallel bands mean a stable flow, a widening band a growing queue.',
      'Cycle time scatter: every item finished in the window, by completion date and cycle time (from the cycle start column to done). The dashed lines are the 50th, 70th, 85th and 95th percentiles: 85% of items finished within the 85th percentile line.',
      'Aging work in progress: every open item past the cycle start, by column and age (time since its cycle started). An item older than the 85th percentile is at risk: most past items were already done at that age.',
      'Forecasts simulate 10,000 possible futures by drawing random days from the recent daily throughput. “At least N items (85%)” means 85% of the simulations finished N or more; a date at 85% means 85% finished by then.',
    ],
  },
  iterations: {
    title: 'Iterations',
    subtitle: 'Scope and completion per iteration, in items or estimates.',
    noField:
      'This board has no Iteration field. Add one to the board on GitHub and plan items into iterations to see the iteration report.',
    noCurrent: 'No iteration is running today.',
    burnUpTitle: (title: string) => `Burn-up: ${title}`,
    burnUpCaption: (start: string, end: string) =>
      `${start} – ${end}. Scope is what the iteration holds at the end of each day; completed, what of it is done. Bars show the scope added and removed that day after the first day.`,
    scope: 'Scope',
    completed: 'Completed',
    committed: 'Committed',
    /** The history's columns: scope at start (committed), its changes, scope at end, and what of it was done. */
    scopeAtStart: 'Scope at start',
    scopeAtEnd: 'Scope at end',
    notDone: 'Not done',
    added: 'Added',
    removed: 'Removed',
    dateAxis: 'Date',
    tiles: {
      committed: 'Committed',
      committedHint: 'scope at the end of the first day',
      scopeChange: 'Scope change',
      scopeChangeHint: (added: number, removed: number) => `+${added} added, −${removed} removed`,
      completed: 'Completed',
      completedHint: (scope: number) => `of ${scope} now in scope`,
      notDone: 'Not done yet',
      notDoneHint: (scope: number) => `of ${scope} now in scope, not completed`,
      unestimated: 'Not estimated',
      unestimatedHint: 'items in this iteration without an estimate (they weigh 0)',
    },
    historyTitle: 'Committed vs completed',
    historyCaption:
      'The last six finished iterations: the scope at the end of their first day (committed), the work added and removed after it, and of the scope at their end what was completed and what was not done.',
    noHistory: 'No iteration has finished yet.',
    iteration: 'Iteration',
    dates: 'Dates',
    partial: 'Recording began after this iteration was committed: committed is the scope seen then.',
    partialMark: '(partial)',
    help: [
      "An item belongs to an iteration while the board's Iteration field names it. Committed is the scope at the end of the iteration's first day (its planning day); work that joins after that is added, work that leaves is removed.",
      'Completed counts the items in the iteration at its end that reached done during it; not done, the rest of that scope. Scope at start + added − removed = scope at end = completed + not done (in items). In estimate units every item weighs its estimate at the moment measured, so re-estimating changes the scope too.',
    ],
  },
  /** What GitHub hides from Fluxion, said out loud, and the Fluxion GitHub App. */
  githubApp: {
    unreadable: (count: number) =>
      count === 1
        ? '1 item on this board comes from a repository Fluxion may not read'
        : `${count} items on this board come from repositories Fluxion may not read`,
    leftOut: 'GitHub hides its content from Fluxion, so it is left out of every figure.',
    leftOutMany: 'GitHub hides their content from Fluxion, so they are left out of every figure.',
    install: (org: string) => `Install the Fluxion GitHub App on ${org}`,
    addRepositories: (org: string) => `Add these repositories to the Fluxion GitHub App on ${org}`,
    moveToOrganization:
      'The Fluxion GitHub App cannot read a personal board: move the board to an organization and install the App there.',
    noApp: 'Your GitHub sign-in does not let Fluxion read these private repositories.',
    installButton: 'Install on an organization',
    installHint:
      'Opens GitHub to install the Fluxion GitHub App on one of your organizations, so its boards are read with the App, private repositories included. Not an owner of the organization? GitHub lets you request it from an owner.',
    result: {
      installed: 'The Fluxion GitHub App is installed.',
      requested: 'An owner of the organization has been asked to approve the Fluxion GitHub App.',
      suspended: 'The Fluxion GitHub App is suspended on that organization.',
      failed: 'The Fluxion GitHub App could not be installed; try again.',
    },
    dismiss: 'Dismiss',
    connectPersonal: 'Connect personal boards',
    connectPersonalHint:
      'GitHub does not let the Fluxion GitHub App read boards owned by a user. Connecting gives Fluxion read-only access to your projects (never to code), so your own boards can be added.',
    disconnectPersonal: 'Disconnect personal boards',
    personalMissing:
      'GitHub does not let the Fluxion GitHub App read boards owned by a user, so none of yours can be listed yet. Connect your personal boards (read-only access to your projects, never to code) to add them.',
    notInstalled: (org: string) =>
      `The Fluxion GitHub App is not installed on ${org}, so Fluxion cannot list its boards. Install it on ${org} (not an owner? GitHub lets you request it from one), then choose ${org} again.`,
    personalResult: {
      connected: 'Personal boards connected: your own boards can be added now.',
      failed: 'Personal boards could not be connected; try again.',
    },
  },
  projects: {
    title: 'Projects',
    subtitle: 'The GitHub Projects boards Fluxion tracks for you.',
    trackingNote:
      'Only projects you add here are tracked. Issue movements are recorded move by move from the moment a project is added, and the earlier moves its issues’ GitHub timelines still show are imported at once.',
    /** The import checked against GitHub's current values (docs/metrics.md, "Partial histories"). */
    historyCounts: (imported: number, partial: number, estimated: number, since: string) =>
      `History imported for ${formatCount(imported)} ${imported === 1 ? 'item' : 'items'}, partial for ${formatCount(partial)}${estimated > 0 ? ` (${formatCount(estimated)} estimated, ${formatCount(partial - estimated)} unknown)` : ''}; recorded move by move since ${since}`,
    /** Which the board's pages count (docs/metrics.md, "Reconstructed histories"): said after the counts. */
    estimatedInForce: {
      include: 'Estimated steps included in these figures.',
      leave_out: 'Estimated steps left out: those items count as partial.',
    },
    estimatedLabel: 'Estimated history',
    estimatedOptions: { include: 'Include (default)', leave_out: 'Leave out' },
    historyPartialHint:
      'GitHub no longer records every move in its timelines: for these items the moves before they entered their current column are not all known, so they have no lead time, a cycle time only if they started after that, and time in state only from then on. They count in work in progress and throughput.',
    workflowField: 'Workflow field',
    workflowFieldChange: (from: string, to: string) =>
      `Saving deletes the history recorded under “${from}” and reads the board again by “${to}” as if added now: its past moves are imported from GitHub again, with the gaps GitHub left marked partial, and the cycle time start column and column classification go back to automatic.`,
    workflowFieldHint: 'The single-select field whose options are the board’s columns.',
    loadingFields: 'Loading fields…',
    failedFields: 'Failed to load the board’s fields',
    /** What is true of one board's history (docs/github.md: the one-time import is best effort). */
    recording: (since: string, history: 'pending' | 'done' | 'unavailable' | undefined) =>
      history === 'pending'
        ? `Importing earlier moves from GitHub; recorded move by move since ${since}.`
        : history === 'done'
          ? `Earlier moves imported from GitHub; recorded move by move since ${since}.`
          : `Recorded move by move since ${since}.`,
    empty: 'No tracked projects yet.',
    loadFailed: 'Failed to load your tracked projects',
    restoreDemo: 'Restore the demo project',
    accessLost: 'GitHub access lost',
    historyUnavailable: 'No earlier history',
    historyUnavailableHint:
      "This GitHub server's issue timelines have no Projects events, so moves made before the board was added could not be imported. Everything since is recorded.",
    accessLostHint:
      'Fluxion can no longer read this board on GitHub (the board was deleted, or access was revoked). Movements are not recorded until access is back.',
    add: 'Add Project',
    edit: 'Edit',
    delete: 'Delete',
    demo: 'Demo',
    iterationDays: (n: number) => (n === 1 ? '1 day iteration' : `${n} days iteration`),
    /** Where the iteration length comes from (docs/metrics.md, "The iteration"). */
    iterationFromGithub: (n: number) => `${n === 1 ? '1 day' : `${n} days`} iteration (from GitHub)`,
    iterationFromField: (field: string, days: number, title: string, start: string, end: string) =>
      `The board's GitHub Iteration field "${field}" sets it: ${days} days (${title}, ${start} – ${end}). The length below applies only if the board loses that field.`,
    iterationTyped:
      'This board has no Iteration field on GitHub: its analyses use the length below (their default window, and "Over 1x Iteration").',
    iterationAddHint:
      'Used for a board without an Iteration field on GitHub; a board with one is analysed with the length of its current iteration.',
    addTitle: 'Add Project',
    editTitle: 'Edit Project',
    organization: 'Organization',
    personal: 'Personal account',
    project: 'Project',
    chooseProject: 'Choose a project',
    iterationLength: 'Iteration length',
    cycleStart: 'Cycle time start column (optional)',
    noCycleStart: 'No cycle start column',
    cycleStartShort: 'Cycle start',
    classification: {
      label: 'Column classification',
      automatic: 'Automatic, from the column names.',
      custom: 'Set by you.',
      meaning:
        'Time in productive columns is active work; waiting columns are queues. They make the Active Work Ratio and Queue Health on the Time in State page.',
      productive: 'Productive',
      waiting: 'Waiting',
      done: 'Done',
      doneHint: 'Finished work, neither productive nor waiting',
      reset: 'Reset to automatic',
      kindOf: (column: string) => `Kind of column ${column}`,
    },
    calendar: {
      label: 'Working calendar',
      meaning:
        "Shared by everyone who tracks this board. Days, today and forecast dates follow the team's time zone; with weekends or holidays, durations count working time only and forecasts count working days.",
      timeZone: 'Time zone',
      excludeWeekends: 'Exclude weekends',
      weekendDays: 'Weekend days',
      dayNames: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      holidays: 'Holidays (one date a line, YYYY-MM-DD)',
      badHoliday: (line: string) => `Not a date (YYYY-MM-DD): ${line}`,
      allWeekend: 'At least one day of the week must be a working day.',
    },
    /** The Number field read as the estimate (docs/metrics.md, "Iterations and estimates"). */
    estimateField: 'Estimate field',
    estimateNone: 'None: count items only',
    estimateHint:
      'A Number field of the board (points, size…): the Flow page and the iteration report can then count it instead of items. Its values are recorded from now on.',
    /** An organization's own webhook (docs/github.md, "Organization webhooks"). */
    orgWebhook: {
      title: 'Organization webhook (optional)',
      intro: (org: string) =>
        `Moves on ${org}'s boards reach Fluxion at once with a webhook; without one they are polled every minute. An owner of ${org} adds it on GitHub (${org} → Settings → Webhooks → Add webhook) with:`,
      payloadUrl: 'Payload URL',
      contentType: 'Content type',
      events: 'Events',
      eventsValue: 'Let me select individual events → Projects v2 items, Sub issues, Issue dependencies',
      secret: 'Secret',
      secretSet: (login: string | null, at: string | null) =>
        `Set${login ? ` by @${login}` : ''}${at ? ` on ${at.slice(0, 10)}` : ''}. Deliveries signed otherwise are refused.`,
      secretUnset: (org: string) =>
        `Not set yet: an owner sets one here and on GitHub, so that only ${org}'s own webhook speaks for its boards.`,
      ownersOnly: (org: string) => `Only an owner of ${org} on GitHub sets the secret.`,
      newSecret: 'New secret (the same value on GitHub)',
      generate: 'Generate',
      save: 'Save secret',
      saved: "Secret saved. Set the same value as the webhook's secret on GitHub.",
    },
    sharedSetBy: (login: string | null) =>
      `The working calendar, archived items, flow policies, workflow field and estimate field are set by ${login ? `@${login}` : 'the first person who added this board'} for everyone who tracks it; ask them to change them.`,
    archived: {
      label: 'Include archived items',
      help: 'GitHub users archive done cards routinely, so archived items count by default. Turn this off to leave archived cards out of every analysis of this board, for everyone who tracks it.',
    },
    loadingProjectsOption: 'Loading projects…',
    loadingOwners: 'Loading organizations…',
    loadingColumns: 'Loading columns...',
    failedColumns: 'Failed to load columns',
    noAvailable: 'No available projects for this organization',
    notFound: 'Project not found.',
    cancel: 'Cancel',
    save: 'Save',
    added: 'Project successfully added!',
    addError: 'Error adding project.',
    updated: 'Project updated!',
    updateError: 'Error updating project.',
    deleted: 'Project deleted.',
    deleteError: 'Error deleting project.',
    confirmDeleteTitle: 'Delete project?',
    /** The delete confirmation says what deleting does (docs/api.md: DELETE /api/projects/{id}/). */
    removal: {
      checking: (title: string) => `Stop tracking “${title}”? Checking what would be deleted…`,
      hide: (title: string) =>
        `Remove the demo project “${title}” from your list? Nothing is deleted: “Restore the demo project” brings it back.`,
      untrack: (title: string, moves: number) =>
        `Stop tracking “${title}”? Others still track this board, so its history (${movements(moves)}) stays for them; it only leaves your list.`,
      delete: (title: string, moves: number) =>
        `Stop tracking “${title}”? No one else tracks this board: its ${movements(moves)} will be deleted. This cannot be undone.`,
      unknown: (title: string) =>
        `Stop tracking “${title}”? If no one else tracks this board, its recorded movements will be deleted.`,
    },
    iterationOptions: [
      { value: 1, label: '1 day' },
      { value: 2, label: '2 days' },
      { value: 4, label: '4 days' },
      { value: 7, label: '1 week' },
      { value: 14, label: '2 weeks' },
      { value: 28, label: '4 weeks' },
    ],
  },
  account: {
    title: 'Account',
    username: 'Username',
    subscription: 'Subscription',
    loadFailed: 'Could not load account information.',
    renew: 'Renew Subscription',
    buy: 'Buy Fluxion Analytics Pro',
    updatePayment: 'Update Payment Method',
    cancel: 'Cancel Subscription',
    reactivate: 'Reactivate Subscription',
    confirmCancelTitle: 'Cancel subscription?',
    confirmCancelText: 'Your subscription stays active until the end of the current billing period.',
    confirmCancelButton: 'Cancel subscription',
    keep: 'Keep subscription',
    reactivated: 'Subscription reactivated successfully!',
    reactivateFailed: 'Reactivation failed. Please try again or contact support.',
    cancelFailed: 'Cancel failed. Please try again or contact support.',
    willEnd: (date: string) => `Subscription will end at: ${date}`,
    /** The badge next to "Subscription": the status in words, not its API name (`past_due`). */
    statusName: {
      active: 'Active',
      pilot: 'Pilot',
      trial: 'Trial',
      past_due: 'Past due',
      canceled: 'Cancelled',
      inactive: 'Inactive',
      incomplete: 'Incomplete',
      incomplete_expired: 'Expired',
      none: 'None',
    },
    status: {
      expired: 'Your subscription has expired.',
      cancelledActive: (date: string) => `Cancelled — your subscription stays active until ${date}.`,
      active: (date: string) => `Fluxion Analytics Pro — paid until ${date}.`,
      pilotLeft: (days: number) => `Pilot access — ${days} ${days === 1 ? 'day' : 'days'} remaining.`,
      pilotExpired: 'Your pilot access has expired.',
      trial: (days: number) => `Free trial — ${days} ${days === 1 ? 'day' : 'days'} left.`,
      trialEnded: 'Your free trial has ended.',
      pastDue: 'Payment overdue. Please update your payment method.',
      ended: 'Your subscription has ended.',
      failed: 'Payment failed. Please try again.',
      none: 'No active subscription.',
    },
  },
  billing: {
    updatePaymentFailed: 'Failed to update payment method. Please try again or contact support.',
    paymentFailed: (message: string) => `Payment failed: ${message}...`,
    stripeUnavailable: 'Stripe not available - payment disabled',
    stripeInitFailed: 'Stripe failed to initialize',
    serverError: (status: number) => `Server error: ${status}`,
    invalidSession: 'Invalid checkout session format',
  },
  /** Beyond the spec: the paywall an analysis of an own board shows once the trial or subscription ended. */
  paywall: {
    trialEnded: 'Your free trial has ended',
    subscriptionEnded: 'Your subscription has ended',
    pilotEnded: 'Your pilot access has ended',
    recorded:
      'Your boards are still being recorded — nothing is lost. Subscribe to see their analyses again.',
    unlocksTitle: 'Fluxion Analytics Pro unlocks, for every board you add:',
    unlocks: [
      'Lead time and cycle time, with their trend and stability',
      'Time in state: where work waits, column by column',
      'Issues in each column, oldest first',
      'Flow: cumulative flow, cycle-time percentiles, aging work and forecasts',
      'Every board at a glance on Home, most urgent first',
    ],
    demoOpen: 'The demo project stays open: pick it in the project selector to explore every analysis.',
    lockedCard: 'Subscribe to see this board’s figures',
  },
  /** The window of the Lead Time and Time in State pages (docs/metrics.md §3). */
  analysisWindow: {
    label: 'Window:',
    option: (days: number) => `Last ${days} days`,
    /** The bottleneck's window as an option: "Last 14 days (iteration)". */
    iteration: (days: number) => iterationWindow(days).replace(/^l/, 'L'),
  },
  item: {
    title: 'Item',
    loading: 'Loading the item…',
    notFound: 'This item is not on the board, or you may not see it.',
    back: 'Back to the board',
    openOnGithub: 'Open on GitHub',
    /** The link from a row, a dot or an at-risk entry. */
    open: (name: string) => `Open ${name} in Fluxion`,
    untitled: 'Untitled item',
    column: 'Column now',
    offBoard: 'Off the board',
    age: 'Age in progress',
    atLeast: (value: string) => `at least ${value}`,
    cycleTime: 'Cycle time',
    leadTime: 'Lead time',
    blocked: 'Blocked',
    notStarted: 'Not started',
    unknown: 'Unknown',
    sleTitle: 'Against the SLE',
    sle: {
      met: (sle: string) => `Finished within the SLE, ${sle}.`,
      missed: (sle: string) => `Finished later than the SLE, ${sle}.`,
      breached: (sle: string) => `Past the SLE, ${sle}: in progress longer than that.`,
      at_risk: (sle: string) =>
        `At risk of missing the SLE, ${sle}: older than most items were when they left its column.`,
      on_track: (sle: string) => `On track for the SLE, ${sle}.`,
    },
    /** "85% within 9 days, set by the team". */
    sleStatement: (percent: number, days: string, source: 'set' | 'proposed') =>
      `${percent}% within ${days}, ${source === 'set' ? 'set by the team' : 'proposed from the history'}`,
    notFinished: 'Not finished yet',
    sleNone: 'No SLE yet: it is proposed once 10 items have finished in the last 90 days.',
    /** What GitHub's lost moves take from this item, said from its own figures (the tiles above). */
    partial: (since: string, lost: keyof typeof ITEM_LOST) =>
      `GitHub kept none of this item's moves before ${since}${ITEM_LOST[lost]}`,
    moves: 'Moves',
    colWhen: 'When',
    colFrom: 'From',
    colTo: 'To',
    colSource: 'How it was learnt',
    nowhere: '—',
    sources: {
      webhook: 'GitHub webhook',
      poll: 'Poll',
      listing: 'First listing',
      import: 'Imported from GitHub',
      demo: 'Demo history',
      estimated: 'Estimated',
    },
    /** What an estimated move rests on (docs/metrics.md, "Reconstructed histories"). */
    bases: {
      added: 'when it joined the board',
      added_only: 'when it joined the board (its start unknown)',
      assigned: 'from its first assignment',
      pr_opened: 'from a linked pull request opened',
      labeled: 'from a work label put on',
      closed: 'from the issue closed',
      pr_merged: 'from a linked pull request merged',
      reopened: 'from the issue reopened',
    },
    estimatedFrom: (basis: string) => `Estimated ${basis}`,
    noMoves: 'No move recorded yet.',
    timePerColumn: 'Time per column',
    colColumn: 'Column',
    colTime: (unit: string) => `Time (${unit})`,
    colStays: 'Stays',
    noTime: 'No time in a column before done yet.',
    blockedSpans: 'Blocked spans',
    colStart: 'From',
    colEnd: 'To',
    stillBlocked: 'Still blocked',
    noBlocked: 'Never blocked.',
    blockedBy: 'Blocked by',
    blockedByNote:
      'Open issues this one waits on (GitHub dependencies): its time counts as blocked until each closes.',
    blockedSince: (since: string) => `since ${since}`,
  },
  tiles: {
    /** The name of a tile's (i) button, which shows what the tile counts. */
    about: (label: string) => `About ${label}`,
  },
  exporting: {
    menu: 'Export',
    menuLabel: (name: string) => `Export ${name}`,
    csv: 'CSV (the data shown)',
    svg: 'SVG image',
    png: 'PNG image',
    items: 'Export all items (CSV)',
    filteredItems: 'Export all items matching the filters (CSV)',
    movesCsv: 'Export move log (CSV)',
    movesJson: 'Export move log (JSON)',
  },
  share: {
    button: 'Share',
    buttonLabel: (title: string) => `Share ${title}`,
    dialogTitle: (title: string) => `Share ${title}`,
    intro:
      'Anyone with the link sees this board’s analyses, read-only and without an account: the figures you see, never the content of issues you cannot see. Copy the link now: it is shown only once.',
    windowLabel: 'Window',
    expiresLabel: 'Expires after',
    expiresOption: (days: number) => `${days} days`,
    create: 'Create link',
    creating: 'Creating…',
    created: 'Link created. Copy it now: it will not be shown again.',
    copy: 'Copy link',
    copied: 'Copied',
    close: 'Done',
    listTitle: 'Share links you made',
    listEmpty: 'You have not shared any board yet.',
    revoke: 'Revoke',
    revokeLabel: (title: string, created: string) => `Revoke the link to ${title} made ${created}`,
    status: { active: 'Active', expired: 'Expired', revoked: 'Revoked' } as Record<string, string>,
    linkMeta: (days: number, created: string, end: string) => `${days}-day window · made ${created} · ${end}`,
    expiresOn: (date: string) => `expires ${date}`,
    expiredOn: (date: string) => `expired ${date}`,
    revokedOn: (date: string) => `revoked ${date}`,
    confirmRevokeTitle: 'Revoke this share link?',
    confirmRevoke: (title: string) =>
      `Anyone who has the link to ${title} will no longer be able to open it. A new link can be made at any time.`,
    failed: 'The share links could not be loaded or changed. Try again.',
    viewTitle: (title: string) => `${title} — shared analyses`,
    viewNote: (days: number, expires: string, timeZone: string) =>
      `Read-only view of the last ${days} days (${timeZone}); this link expires ${expires}.`,
    withFilters: (phrases: string[]) => `With this page's filters: ${phrases.join('; ')}.`,
    filtersOn: (phrases: string[]) =>
      `Filters on: ${phrases.join('; ')}. The figures count only the matching items.`,
    flowShare: 'Share this view',
    loading: F.share.loading,
    refused: 'This link cannot be opened',
    refusedHint: 'It may have been revoked by its owner or have expired. Ask them for a new link.',
    askOwner: 'Ask its owner for a new link.',
  },
  /** What a page says of the finished items GitHub lost the start of (docs/metrics.md §16). */
  historyGaps: {
    note: (unknown: number, finished: number, days: number, counts: 'cycle' | 'lead' | 'stays') =>
      `${unknown === finished ? (finished === 1 ? 'The item' : `All ${finished} items`) : `${unknown} of the ${finished} items`} finished in the last ${days} days ${unknown === 1 ? 'has' : 'have'} no known start: GitHub lost ${unknown === 1 ? 'its' : 'their'} history (since September 2026 it keeps no timeline event for most moves). ${
        counts === 'cycle'
          ? `${unknown === 1 ? 'It counts' : 'They count'} in throughput, not in the cycle times.`
          : counts === 'lead'
            ? `${unknown === 1 ? 'It counts' : 'They count'} as finished, not in the lead times.`
            : `Only ${unknown === 1 ? 'its stay' : 'their stays'} since GitHub's record ${unknown === 1 ? 'counts' : 'count'}.`
      }`,
    ageAtLeast: (age: string) => `at least ${age}`,
    /** The scatter without a dot, though items finished: none has a known cycle start. */
    noScatter: (unknown: number) =>
      `${unknown === 1 ? 'The item' : `The ${unknown} items`} finished in this window ${unknown === 1 ? 'has' : 'have'} no known cycle time: GitHub lost ${unknown === 1 ? 'its' : 'their'} history.`,
    atRiskUnknown: 'Unknown',
    atRiskUnknownHint: (total: number) =>
      `of ${total} in progress: no finished item with a known cycle time to compare with`,
  },
} as const;
