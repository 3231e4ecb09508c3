import type { Insertable, Selectable, Updateable } from 'kysely';
import type { PlansTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

export type PlanRow = Selectable<PlansTable>;

/** Plans are the operator's catalogue: the same for every account, so no account scope here. */
export class PlansRepository {
  constructor(private readonly db: Executor) {}

  /** What is offered for sale, in the operator's order. */
  listOffered(): Promise<PlanRow[]> {
    return this.db.selectFrom('plans').selectAll().where('retired_at', 'is', null).orderBy('sort').orderBy('created_at').execute();
  }

  listAll(): Promise<PlanRow[]> {
    return this.db.selectFrom('plans').selectAll().orderBy('sort').orderBy('created_at').execute();
  }

  find(id: string): Promise<PlanRow | undefined> {
    return this.db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(plan: Insertable<PlansTable>): Promise<void> {
    await this.db.insertInto('plans').values(plan).execute();
  }

  async update(id: string, change: Updateable<PlansTable>): Promise<number> {
    const result = await this.db.updateTable('plans').set(change).where('id', '=', id).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
