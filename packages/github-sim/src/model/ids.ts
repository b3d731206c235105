import { createHash } from 'node:crypto';

// Node ids are shared with the demo board, which the server stores without depending on the simulator.
export { NODE_PREFIX, type NodeKind, nodeId } from '@fluxion/demo-board';

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
