import { describe, expect, it } from 'vitest';
import { useLaunchHarness } from '../support/launchHarness.ts';
import { freePort } from '../support/processes.ts';

/**
 * Many profiles at once from a script (Facet's own start-batch / stop-batch): three at a time,
 * answered when all have ended, each failure with its reason, as the desktop client's selection.
 */
const h = useLaunchHarness();

describe('batches through the local API', () => {
  it('opens several profiles in one call, names the one that failed and why, and closes them in another', async () => {
    const ids = [await h.createProfile('Batch A'), await h.createProfile('Batch B'), await h.createProfile('Batch C')];
    // Nothing listens on this port: the proxy refuses, a start failure with its reason.
    const dead = await h.createProfile('Batch dead proxy', { proxy: { type: 'http', host: '127.0.0.1', port: await freePort() } });
    const started = await h.agent.call('/api/v1/browser/start-batch', { body: { user_ids: [...ids, dead], headless: 1 } });
    expect(started.body.code, JSON.stringify(started.body)).toBe(0);
    const outcome = Object.fromEntries((started.body.data.results as { user_id: string; outcome: string; reason?: string }[]).map((r) => [r.user_id, r.reason ? `${r.outcome}: ${r.reason}` : r.outcome]));
    expect(outcome).toEqual({ [ids[0]!]: 'done', [ids[1]!]: 'done', [ids[2]!]: 'done', [dead]: 'failed: refused' });
    const active = (await h.agent.call('/api/v1/browser/local-active')).body.data.list.map((b: { user_id: string }) => b.user_id).sort();
    expect(active).toEqual([...ids].sort());

    const stopped = await h.agent.call('/api/v1/browser/stop-batch', { body: { user_ids: ids.join(',') } });
    expect(stopped.body.data.results.every((r: { outcome: string }) => r.outcome === 'done')).toBe(true);
    expect((await h.agent.call('/api/v1/browser/local-active')).body.data.list).toEqual([]);
  });

  it('refuses an empty or malformed list before anything starts', async () => {
    expect((await h.agent.call('/api/v1/browser/start-batch', { body: { user_ids: [] } })).body).toMatchObject({ code: -1, msg: 'profile_id_required' });
    expect((await h.agent.call('/api/v1/browser/start-batch', { body: { user_ids: ['../etc'] } })).body).toMatchObject({ code: -1, msg: 'invalid_parameter' });
    expect((await h.agent.call('/api/v1/browser/local-active')).body.data.list).toEqual([]);
  });
});
