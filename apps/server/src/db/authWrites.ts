import { AliasNode, ColumnNode, TableNode, type KyselyPlugin, type OperationNode, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';

/** The tables a session's authentication reads (repositories/sessions.ts findWithAccountByTokenHash). */
const WATCHED = new Set(['accounts', 'sessions']);

/**
 * Tells this process when one of its own statements changed an account or a session, after the
 * statement ran, so the session cache (services/sessionCache.ts) forgets what it may hold. Kysely
 * hands every statement of every repository and transaction through its plugins, so no write path
 * can forget to say it; a cascade (an account's sessions, a main account's sub-accounts) starts
 * from an update or delete of one of these tables and is covered by it. Other processes' writes
 * reach the cache through db/authChangeFeed.ts.
 *
 * A session's `last_seen_at` alone (written once a minute per session) is not a change the cache
 * must forget: it keeps its own copy of it current.
 */
export class AuthWritesPlugin implements KyselyPlugin {
  private readonly pending = new WeakSet<object>();
  private readonly listeners: (() => void)[] = [];

  onWrite(listener: () => void): void {
    this.listeners.push(listener);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (changesAuthentication(args.node)) this.pending.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (this.pending.delete(args.queryId)) for (const listener of this.listeners) listener();
    return args.result;
  }
}

function changesAuthentication(node: RootOperationNode): boolean {
  if (node.kind === 'UpdateQueryNode') {
    const table = tableName(node.table);
    if (table === null) return true;
    if (!WATCHED.has(table)) return false;
    return !(table === 'sessions' && node.updates?.every((update) => columnName(update.column) === 'last_seen_at'));
  }
  if (node.kind === 'DeleteQueryNode') return node.from.froms.some((from) => {
    const table = tableName(from);
    return table === null || WATCHED.has(table);
  });
  return false;
}

/** The table an update or delete names (through an alias too); null when its shape is not one of those. */
function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  if (AliasNode.is(node)) return tableName(node.node);
  return TableNode.is(node) ? node.table.identifier.name : null;
}

function columnName(node: OperationNode): string | null {
  return ColumnNode.is(node) ? node.column.name : null;
}
