import { profileLeaseActiveCall } from '@facet/contracts';
import type { LocalHandlers } from '../context.ts';

/**
 * AdsPower's cloud-active: which profiles run on any machine of the team. The server knows it
 * from the leases (one machine holds a running profile's); it answers only profiles the account
 * sees, so another account's id is simply absent from the list.
 */
export const cloudActiveHandlers: Pick<LocalHandlers, 'cloudActive'> = {
  cloudActive: async ({ user_ids }, ctx) => {
    const { list } = await ctx.account().call(profileLeaseActiveCall, { ids: [...new Set(user_ids)] });
    return { list: list.map(({ id, running, lease }) => ({ user_id: id, status: running ? 'Active' : 'Inactive', device: lease?.device ?? '', by: lease?.by ?? '' })) };
  },
};
