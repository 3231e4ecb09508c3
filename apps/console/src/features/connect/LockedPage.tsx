import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../ui/AuthLayout.tsx';

/**
 * The desktop client's address opened without a launch link (typed, bookmarked, or by another
 * program): the console opens only from the client itself, so this says how.
 */
export function LockedPage() {
  const { t } = useTranslation();
  return (
    <AuthLayout title={t('connect.locked.title')}>
      <div data-testid="client-locked">
        <Typography.Paragraph>{t('connect.locked.body')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('connect.locked.why')}
        </Typography.Paragraph>
      </div>
    </AuthLayout>
  );
}
