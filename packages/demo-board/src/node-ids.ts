/** GitHub-style global node id prefixes (as seen on github.com) for each object kind. */
export const NODE_PREFIX = {
  User: 'U_kgDO',
  Organization: 'O_kgDO',
  ProjectV2: 'PVT_kwDO',
  ProjectV2Item: 'PVTI_lADO',
  ProjectV2SingleSelectField: 'PVTSSF_lADO',
  ProjectV2Field: 'PVTF_lADO',
  ProjectV2IterationField: 'PVTIF_lADO',
  ProjectV2View: 'PVTV_lADO',
  Issue: 'I_kwDO',
  PullRequest: 'PR_kwDO',
  DraftIssue: 'DI_lADO',
  Repository: 'R_kgDO',
  Milestone: 'MI_kwDO',
  Label: 'LA_kwDO',
  FieldValue: 'PVTFSV_lQDO',
  AddedToProjectV2Event: 'ATPVTE_lADO',
  ProjectV2ItemStatusChangedEvent: 'PVTISCE_lADO',
  RemovedFromProjectV2Event: 'RFPVTE_lADO',
  LabeledEvent: 'LE_lADO',
  UnlabeledEvent: 'UNLE_lADO',
  IssueType: 'IT_kwDO',
  AssignedEvent: 'AE_lADO',
  ClosedEvent: 'CE_lADO',
  ReopenedEvent: 'REE_lADO',
  ConnectedEvent: 'CNE_lADO',
  CrossReferencedEvent: 'CRE_lADO',
} as const;

export type NodeKind = keyof typeof NODE_PREFIX;

/** A GitHub-style node id: the same in the simulator and in the server's demo board row. */
export function nodeId(kind: NodeKind, databaseId: number | string): string {
  return NODE_PREFIX[kind] + Buffer.from(String(databaseId)).toString('base64url');
}
