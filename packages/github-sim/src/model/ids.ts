import { createHash } from 'node:crypto';

/** GitHub-style global node id prefixes (as seen on github.com) for each object kind. */
export const NODE_PREFIX = {
  User: 'U_kgDO',
  Organization: 'O_kgDO',
  ProjectV2: 'PVT_kwDO',
  ProjectV2Item: 'PVTI_lADO',
  ProjectV2SingleSelectField: 'PVTSSF_lADO',
  ProjectV2Field: 'PVTF_lADO',
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
} as const;

export type NodeKind = keyof typeof NODE_PREFIX;

export function nodeId(kind: NodeKind, databaseId: number | string): string {
  return NODE_PREFIX[kind] + Buffer.from(String(databaseId)).toString('base64url');
}

/** Single-select option ids on GitHub are 8 hex characters. */
export function optionId(projectId: string, name: string): string {
  return createHash('sha1').update(`${projectId}:${name}`).digest('hex').slice(0, 8);
}

export function randomHex(bytes: number): string {
  return createHash('sha256')
    .update(`${Math.random()}:${process.hrtime.bigint()}`)
    .digest('hex')
    .slice(0, bytes * 2);
}

export function encodeCursor(position: number): string {
  return Buffer.from(`cursor:v2:${position}`).toString('base64');
}

export function decodeCursor(cursor: string): number | null {
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  const match = /^cursor:v2:(-?\d+)$/.exec(text);
  return match ? Number(match[1]) : null;
}
