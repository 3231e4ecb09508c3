import type { GraphicsReportsTable } from '../db/schema.ts';
import type { Executor } from './executor.ts';

/** One row per account: its computer's newest graphics report. */
export class GraphicsReportsRepository {
  constructor(private readonly db: Executor) {}

  async save(row: GraphicsReportsTable): Promise<void> {
    const { account_id: _id, ...rest } = row;
    await this.db.insertInto('graphics_reports').values(row).onConflict((oc) => oc.column('account_id').doUpdateSet(rest)).execute();
  }

  find(accountId: string) {
    return this.db.selectFrom('graphics_reports').selectAll().where('account_id', '=', accountId).executeTakeFirst();
  }

  /** For the operator: how many accounts report each GPU and each screen, most common first. */
  async summary(limit: number): Promise<{ gpus: { renderer: string; accounts: number }[]; screens: { screen: string; accounts: number }[] }> {
    const reports = await this.db.selectFrom('graphics_reports').select(['webgl', 'screen_resolution', 'device_pixel_ratio']).execute();
    const count = (keys: string[]) => {
      const counts = new Map<string, number>();
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, limit);
    };
    const rendererOf = (webgl: string | null) => {
      if (!webgl) return '(no WebGL)';
      const parsed = JSON.parse(webgl) as { unmaskedRenderer?: string; renderer?: string };
      return parsed.unmaskedRenderer || parsed.renderer || '(hidden)';
    };
    return {
      gpus: count(reports.map((r) => rendererOf(r.webgl))).map(([renderer, accounts]) => ({ renderer, accounts })),
      screens: count(reports.map((r) => `${r.screen_resolution} @${r.device_pixel_ratio}`)).map(([screen, accounts]) => ({ screen, accounts })),
    };
  }
}
