import { sql, type Insertable, type Selectable } from 'kysely';
import type { OperationLogsTable } from '../db/schema.ts';
import { likePattern, type Executor } from './executor.ts';

export type OperationLogRow = Selectable<OperationLogsTable>;

export interface OperationLogQuery {
  page: number;
  limit: number;
  keyword: string;
  accountId?: string | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

export class OperationLogsRepository {
  constructor(private readonly db: Executor) {}

  async insert(row: Insertable<OperationLogsTable>): Promise<void> {
    await this.db.insertInto('operation_logs').values(row).execute();
  }

  /** One team's entries, newest first; every filter narrows within the team. */
  async search(teamId: string, query: OperationLogQuery): Promise<{ rows: OperationLogRow[]; total: number }> {
    let base = this.db.selectFrom('operation_logs').where('team_id', '=', teamId);
    if (query.keyword) base = base.where(sql<boolean>`subject_key like ${likePattern(query.keyword)} escape '\\'`);
    if (query.accountId) base = base.where('account_id', '=', query.accountId);
    if (query.from !== undefined) base = base.where('created_at', '>=', query.from);
    if (query.to !== undefined) base = base.where('created_at', '<=', query.to);
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).offset((query.page - 1) * query.limit).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
