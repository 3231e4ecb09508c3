import type { Member } from '@facet/contracts';
import { App, Button } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreferences } from '../../lib/Preferences.tsx';
import { welRoutes } from '../../lib/routes.ts';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';
import { useAccountSettings } from './accountSettingsQueries.ts';
import { planReminderDue } from './planReminder.ts';

const NOTIFICATION_KEY = 'plan-reminder';

/**
 * The plan reminder of the global settings: after sign-in, a main account whose plan ends within
 * the chosen number of days gets one notice per browser session, with a way to the plan page.
 */
export function PlanReminder({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { notification } = App.useApp();
  const { language } = usePreferences();
  const navigate = useNavigate();
  const settings = useAccountSettings();
  const days = settings.data?.planReminderDays;

  useEffect(() => {
    if (days === undefined) return;
    const shownKey = storageKeys.planReminderShown(member.id);
    if (readString(shownKey, 'session') === '1') return;
    const due = planReminderDue(member, days, Date.now());
    if (!due) return;
    writeString(shownKey, '1', 'session');
    const date = new Intl.DateTimeFormat(language.tag, { dateStyle: 'long' }).format(due.expiresAt);
    notification.info({
      key: NOTIFICATION_KEY,
      title: t('settings.planReminder.noticeTitle'),
      description: <span data-testid="plan-reminder">{t('settings.planReminder.noticeBody', { days: due.daysLeft, date })}</span>,
      // Long enough to read and act on; it closes by itself so it does not cover the toolbar for good.
      duration: 20,
      actions: (
        <Button
          type="primary"
          size="small"
          onClick={() => {
            notification.destroy(NOTIFICATION_KEY);
            void navigate(welRoutes.package);
          }}
          data-testid="plan-reminder-open"
        >
          {t('settings.planReminder.noticeAction')}
        </Button>
      ),
    });
  }, [days, member, language.tag, notification, navigate, t]);

  return null;
}
