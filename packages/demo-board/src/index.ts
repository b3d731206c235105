/**
 * The demo board (a deterministic 120-day history) and what generating it takes: shared by the server,
 * which stores it, and the GitHub simulator, which serves it. No simulator code: a production dependency.
 */
export {
  DEMO_COLUMNS,
  DEMO_FLOW,
  DEMO_OWNER,
  DEMO_PROJECT_ID,
  DEMO_PROJECT_NUMBER,
  DEMO_REPO,
  type DemoBoard,
  type DemoDependency,
  type DemoItem,
  demoItemId,
  demoParentNumbers,
  generateDemoBoard,
} from './demo-board.ts';
export { DAY_MS, type FlowModel, generateHistory, type HistoryItem, type Transition } from './history.ts';
export {
  DEMO_BLOCKED_LABEL,
  DEMO_LIMITED_COLUMN,
  type DemoLabelChange,
  dayEndCounts,
  demoBlockedItem,
  demoLabelChanges,
  demoWipLimits,
} from './story.ts';
export { NODE_PREFIX, type NodeKind, nodeId } from './node-ids.ts';
export { type Random, seededRandom, weighted } from './random.ts';
export {
  DEMO_ESTIMATE_FIELD,
  DEMO_ESTIMATE_FIELD_ID,
  DEMO_ITERATION_FIELD,
  DEMO_ITERATION_FIELD_ID,
  type DemoIterations,
  generateDemoIterations,
} from './iterations.ts';
export {
  DEMO_BLOCKER_TITLE,
  DEMO_ISSUE_TYPES,
  DEMO_PARENTS,
  type DemoIssue,
  type DemoIssueType,
  demoContentId,
  demoIssueType,
} from './relations.ts';
export {
  DEMO_PRIORITIES,
  DEMO_PRIORITY_FIELD,
  DEMO_PRIORITY_FIELD_ID,
  type DemoPriorityChange,
  demoPriorityChanges,
} from './priority.ts';
