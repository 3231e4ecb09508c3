import type { PushChannel, PushChannelOptions } from '@facet/api-client/push';

/** What the console asks of the push channel. */
export type Push = Pick<PushChannel, 'open' | 'login' | 'renew' | 'close'>;

/**
 * The push channel, with socket.io loaded on the first open(): the sign-in page never opens it,
 * and its code is a tenth of what that page would load (scripts/checks/consoleBudget.mjs).
 * Until the module is in, the channel is as a PushChannel before its socket connects: login()
 * answers -1 (the channel logs in when it connects) and renew() has nothing to renew.
 */
export function lazyPushChannel(options: PushChannelOptions): Push {
  let channel: PushChannel | null = null;
  let loading: Promise<void> | null = null;
  let wanted = false;
  return {
    open() {
      wanted = true;
      if (channel) return channel.open();
      loading ??= import('@facet/api-client/push').then(
        ({ PushChannel }) => {
          channel = new PushChannel(options);
          if (wanted) channel.open();
        },
        (error: unknown) => {
          // A failed chunk load (a new deploy, the network): the next open() tries again.
          loading = null;
          console.error('push channel not loaded', error);
        },
      );
    },
    login: () => channel?.login() ?? Promise.resolve(-1),
    renew: () => channel?.renew(),
    close() {
      wanted = false;
      channel?.close();
    },
  };
}
