import { describe, expect, it } from 'vitest';
import { Synchronizer } from './synchronizer.ts';
import { SynchronizerRefusal } from './synchronizerRefusal.ts';

/** No profile runs: every call that needs one is refused with its code (e2e/tests/synchronizer.test.ts drives real browsers). */
const idle = () => new Synchronizer({ browser: () => null }, (error) => { throw error; });

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(SynchronizerRefusal);
  return error as SynchronizerRefusal;
};

describe('the synchronizer without running profiles', () => {
  it('refuses a start whose leader is not running, naming it', async () => {
    expect(await refusal(idle().start('a', ['b']))).toMatchObject({ code: 'leader_not_running', profileId: 'a' });
  });

  it('refuses stop, resync and drop while none runs', async () => {
    const synchronizer = idle();
    expect((await refusal(synchronizer.stop())).code).toBe('synchronizer_not_running');
    expect((await refusal(synchronizer.resync('b'))).code).toBe('synchronizer_not_running');
    expect((await refusal(synchronizer.drop('b'))).code).toBe('synchronizer_not_running');
    expect(synchronizer.status()).toEqual({ running: false, leaderId: null, followers: [] });
  });
});
