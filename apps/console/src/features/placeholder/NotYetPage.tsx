import { Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { screenLabelKey } from '../../lib/menuModel.ts';
import type { WelScreen } from '../../lib/routes.ts';
import { PageTitle } from '../shell/PageTitle.tsx';

/** An honest empty state for screens that later releases fill: it claims nothing it cannot do. */
export default function NotYetPage({ screen }: { screen: WelScreen }) {
  const { t } = useTranslation();
  const title = t(screenLabelKey(screen));
  return (
    <div data-testid={`screen-${screen}`}>
      <PageTitle>{title}</PageTitle>
      <Empty description={<><Typography.Text strong>{t('empty.notYetTitle')}</Typography.Text><br /><Typography.Text type="secondary">{t('empty.notYetBody', { screen: title })}</Typography.Text></>} />
    </div>
  );
}
