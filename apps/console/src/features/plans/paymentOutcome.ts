import { PAYMENT_NOTICE_QUIET_MS } from '@facet/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { announce } from '../../lib/notices.ts';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';
import { useRefreshPlan } from './planQueries.ts';

/** Orders already settled in this page: the poll and the push may both report the same one. */
const settledOrders = new Set<string>();

/** The mobile payment success page (spec §2, §4). */
export const MOBILE_PAY_SUCCESS_PATH = '/mobile/package/success';

/**
 * Settles an order once, whichever reports it first: the payment dialog's poll (`payment/listen`)
 * or the realtime push (888 paid, 889 failed, each followed by the listen call for the server's
 * word and reason). Success stores the pay time and shows one notice
 * (none if another one was shown less than 4 s earlier, e.g. in a second browser tab); on a phone
 * it goes to the mobile success page instead (spec §4), and a failure is a short message there.
 * Either outcome refreshes the plan and tells the dialog or page showing that order.
 */
export function usePaymentSettle() {
  const { t } = useTranslation();
  const { events, mobile } = useRuntime();
  const navigate = useNavigate();
  const refreshPlan = useRefreshPlan();
  return useCallback(
    (s: string | null, ok: boolean, failure: string | null = null) => {
      if (s !== null) {
        if (settledOrders.has(s)) return;
        settledOrders.add(s);
      }
      if (ok) {
        const last = Number(readString(storageKeys.payTime) ?? 0);
        const now = Date.now();
        writeString(storageKeys.payTime, String(now));
        if (mobile) {
          // The pay page the person waits on is left for good: back does not reopen a paid order.
          void navigate(MOBILE_PAY_SUCCESS_PATH, { replace: window.location.pathname.startsWith('/mobile/package/pay') });
        } else if (!(now - last >= 0 && now - last < PAYMENT_NOTICE_QUIET_MS)) {
          announce({ kind: 'notification', type: 'success', key: 'payment-result', title: t('code.paymentSucceeded'), description: t('payment.successBody'), testId: 'payment-success' });
        }
      } else if (mobile) {
        announce({ kind: 'message', type: 'error', content: failure ? `${t('code.paymentFailed')} ${failure}` : t('code.paymentFailed') });
      } else {
        // The server's word on why (the provider's or the operator's reason) when it has one.
        announce({ kind: 'notification', type: 'error', key: 'payment-result', title: t('code.paymentFailed'), description: failure ?? t('payment.failedBody'), testId: 'payment-failed' });
      }
      void refreshPlan();
      if (s !== null) events.emit('paymentSettled', { s, ok });
    },
    [t, events, mobile, navigate, refreshPlan],
  );
}

/** The order token a payment push carries in `data.s`, if any. */
export function orderOfPush(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 's' in data && typeof data.s === 'string') return data.s;
  return null;
}
