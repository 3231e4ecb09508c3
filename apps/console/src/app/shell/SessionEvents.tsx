import { browserStatePushSchema, Code, limits, logoutCall, msgboxPushSchema, paymentListenCall } from '@facet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { announce } from '../../lib/notices.ts';
import { dropSession } from '../../features/auth/index.ts';
import { orderOfPush, usePaymentSettle } from '../../features/plans/index.ts';

/**
 * Reacts to what happens outside any one screen (spec §4, §8): the session ending (887 pushed,
 * failed silent re-login), calls without an answer, the network going away and coming back,
 * the desktop client asking for a logout, and payment results pushed by the server (888, 889).
 */
export function SessionEvents() {
  const runtime = useRuntime();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const forcedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastNetworkNotice = useRef(0);
  const settlePayment = usePaymentSettle();

  useEffect(() => {
    const toLogin = () => {
      dropSession(runtime, queryClient);
      void navigate('/login', { replace: true });
    };

    // 887: one persistent notice even if several arrive together (debounced 200 ms).
    const forcedLogout = (msg: string) => {
      if (forcedTimer.current) clearTimeout(forcedTimer.current);
      forcedTimer.current = setTimeout(() => {
        announce({ kind: 'notification', type: 'error', key: 'forced-logout', title: t('common.hint'), description: msg || t('code.forcedLogout'), duration: 0 });
      }, limits.debounceMs);
      void runtime.bridge?.request('logout').catch(() => undefined);
      toLogin();
    };

    // 888 / 889, then the listen call (spec §4): the server's answer settles the order, with the
    // failure's reason; the push alone decides when the call cannot be made.
    const paymentPushed = (s: string | null, ok: boolean) => {
      if (s === null) return settlePayment(null, ok);
      runtime.api.call(paymentListenCall, { s }).then(
        ({ val, failure }) => settlePayment(s, val === null ? ok : val === 1, failure),
        () => settlePayment(s, ok),
      );
    };

    const offs = [
      runtime.events.on('push', (push) => {
        if (push.code === Code.FORCED_LOGOUT) forcedLogout(push.msg);
        else if (push.code === Code.PAYMENT_SUCCEEDED) paymentPushed(orderOfPush(push.data), true);
        else if (push.code === Code.PAYMENT_FAILED) paymentPushed(orderOfPush(push.data), false);
      }),
      runtime.events.on('loginRequired', ({ code, msg }) => {
        if (code === Code.FORCED_LOGOUT) return forcedLogout(msg);
        announce({ kind: 'message', type: 'warning', content: t('error.reloginNeeded') });
        toLogin();
      }),
      runtime.events.on('networkFailure', () => {
        if (Date.now() - lastNetworkNotice.current < 3000) return;
        lastNetworkNotice.current = Date.now();
        announce({ kind: 'message', type: 'error', content: t('error.network') });
      }),
      runtime.events.on('bridgePush', (push) => {
        if (push.push === 'notice/logout') {
          void runtime.api.call(logoutCall, {}).catch(() => undefined);
          toLogin();
        }
        // A browser that started is a use of its profile: the lists show the new last-used time.
        // Here once, not in every component that follows the running browsers.
        if (push.push === 'start' && browserStatePushSchema.safeParse(push.parameter).data?.state === 'running') {
          void queryClient.invalidateQueries({ queryKey: ['profiles'] });
        }
        if (push.push === 'msgbox') {
          const box = msgboxPushSchema.safeParse(push.parameter);
          if (!box.success) return;
          if (box.data.code === 86) return void runtime.events.emit('exitRequested', true);
          if (box.data.code === 101) return announce({ kind: 'modal', title: box.data.content });
          announce({ kind: 'message', type: box.data.msgtype === 1 ? 'success' : box.data.msgtype === 3 ? 'error' : 'warning', content: box.data.content });
        }
      }),
    ];
    const offline = () => announce({ kind: 'notification', type: 'warning', key: 'network', title: t('error.offline'), duration: limits.notificationSeconds });
    const online = () => announce({ kind: 'notification', type: 'success', key: 'network', title: t('notice.online'), duration: limits.notificationSeconds });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      for (const off of offs) off();
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [runtime, queryClient, navigate, t, settlePayment]);

  return null;
}
