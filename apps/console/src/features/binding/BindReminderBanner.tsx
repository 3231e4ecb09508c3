import { isChinese, type Member } from '@facet/contracts';
import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { readString, storageKeys, writeString } from '../../lib/storage.ts';
import { useOpenBind } from './bindContext.ts';
import { bindReminderDue, unboundKinds } from './bindReminder.ts';

const reminderKey = { phone: 'binding.reminder.phone', email: 'binding.reminder.email' } as const;

/** The dismissible warning to bind a phone and/or an e-mail (spec §2 Banners), dismissed per account for 7 days. */
export function BindReminderBanner({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const openBind = useOpenBind();
  const storageKey = storageKeys.bindAlert(member.id);
  const [due, setDue] = useState(() => bindReminderDue(readString(storageKey), Date.now()));
  const { config } = useRuntime();
  const kinds = unboundKinds(member, isChinese(language), config.features.smsVerification);
  if (!due || kinds.length === 0) return null;

  const dismiss = () => {
    writeString(storageKey, String(Date.now()));
    setDue(false);
  };
  return (
    <Alert
      type="warning"
      banner
      closable={{ onClose: dismiss, 'aria-label': t('common.close') }}
      title={kinds.length === 2 ? t('binding.reminder.both') : t(reminderKey[kinds[0]!])}
      action={
        <Flex gap={4}>
          {kinds.map((kind) => (
            <Button key={kind} size="small" type="link" onClick={() => openBind(kind)} data-testid={`banner-bind-${kind}`}>
              {t(kind === 'phone' ? 'binding.bindPhone' : 'binding.bindEmail')}
            </Button>
          ))}
        </Flex>
      }
      data-testid="banner-bind"
    />
  );
}
