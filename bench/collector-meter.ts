import type { Db } from '../apps/server/src/db/connection.ts';
import type { TestDatabase } from '../apps/server/src/testing/databases.ts';

// Kysely is the server's dependency, not the root's: its types through the server's Db.
type KyselyPlugin = Parameters<Db['withPlugin']>[0];
type QueryArgs = Parameters<KyselyPlugin['transformQuery']>[0];
type QueryId = QueryArgs['queryId'];
type RootOperationNode = QueryArgs['node'];

/** What the database was asked between two readings. */
export type DbUsage = {
  /** Statements sent: one statement is one round trip (BEGIN/COMMIT not counted). */
  trips: number;
  /** Time from sending each statement to its answer, summed. */
  ms: number;
  /** Rows inserted, updated or deleted, by table. */
  written: Record<string, number>;
};

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

type TableNode = { kind: string; node?: TableNode; table?: { identifier?: { name?: string } } };

function tableOf(node: RootOperationNode): string {
  const target = node as { into?: TableNode; table?: TableNode; from?: { froms?: TableNode[] } };
  let table = target.into ?? target.table ?? target.from?.froms?.[0];
  if (table?.kind === 'AliasNode') table = table.node;
  return table?.table?.identifier?.name ?? 'other';
}

/** A Kysely plugin that counts statements, their time and the rows they wrote. */
export function dbMeter(database: TestDatabase) {
  let usage: DbUsage = { trips: 0, ms: 0, written: {} };
  const started = new WeakMap<QueryId, { at: number; table: string | null }>();
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      usage.trips += 1;
      started.set(queryId, { at: performance.now(), table: WRITES.has(node.kind) ? tableOf(node) : null });
      return node;
    },
    transformResult: async ({ result, queryId }) => {
      const start = started.get(queryId);
      if (start) {
        usage.ms += performance.now() - start.at;
        const rows = Number(result.numAffectedRows ?? 0);
        if (start.table && rows > 0) usage.written[start.table] = (usage.written[start.table] ?? 0) + rows;
      }
      return result;
    },
  };
  const db = database.handle.db.withPlugin(plugin);
  return {
    database: { ...database, handle: { ...database.handle, db } },
    /** The usage since the last call. */
    take(): DbUsage {
      const taken = usage;
      usage = { trips: 0, ms: 0, written: {} };
      return taken;
    },
  };
}

/** Rows written to the collected data (items and moves), leaving out the board's own bookkeeping row. */
export function dataRowsWritten(usage: DbUsage): number {
  return (usage.written.items ?? 0) + (usage.written.transitions ?? 0);
}
