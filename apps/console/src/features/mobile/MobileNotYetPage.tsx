import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Mobile screens that later releases fill (plans, payment, sub-accounts). */
export default function MobileNotYetPage({ labelKey }: { labelKey: string }) {
  const { t } = useTranslation();
  const title = t(labelKey);
  return (
    <Empty
      description={
        <>
          <Typography.Text strong>{t('empty.notYetTitle')}</Typography.Text>
          <br />
          <Typography.Text type="secondary">{t('empty.notYetBody', { screen: title })}</Typography.Text>
        </>
      }
    />
  );
}
