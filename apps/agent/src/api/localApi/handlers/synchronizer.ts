import { localSynchronizerStatusOf, type LocalSynchronizerStatus } from '@facet/contracts';
import { SynchronizerRefusal } from '../../../synchronizer/synchronizerRefusal.ts';
import type { LocalContext, LocalHandlers } from '../context.ts';
import { LocalApiFailure } from '../failures.ts';

/**
 * The window synchronizer (Facet's own paths): thin, each forwards to the agent's one
 * Synchronizer. Its refusals keep their codes as `msg` (`leader_not_running`), with the profile
 * they name in `data.user_id`.
 */
async function answer(ctx: LocalContext, call: (synchronizer: NonNullable<LocalContext['synchronizer']>) => Promise<Parameters<typeof localSynchronizerStatusOf>[0]>): Promise<LocalSynchronizerStatus> {
  if (!ctx.synchronizer) throw new LocalApiFailure('not_found', 404);
  try {
    return localSynchronizerStatusOf(await call(ctx.synchronizer));
  } catch (error) {
    if (error instanceof SynchronizerRefusal) throw new LocalApiFailure(error.code, 200, error.profileId ? { user_id: error.profileId } : undefined);
    throw error;
  }
}

export const synchronizerHandlers: Pick<LocalHandlers, 'synchronizerStart' | 'synchronizerStop' | 'synchronizerStatus' | 'synchronizerResync' | 'synchronizerDrop'> = {
  synchronizerStart: (input, ctx) => answer(ctx, (s) => s.start(input.leader_id, input.follower_ids, input.options)),
  synchronizerStop: (_input, ctx) => answer(ctx, (s) => s.stop()),
  synchronizerStatus: (_input, ctx) => answer(ctx, async (s) => s.status()),
  synchronizerResync: (input, ctx) => answer(ctx, (s) => s.resync(input.user_id)),
  synchronizerDrop: (input, ctx) => answer(ctx, (s) => s.drop(input.user_id)),
};
