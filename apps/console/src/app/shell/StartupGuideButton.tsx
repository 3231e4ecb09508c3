import { RocketOutlined } from '@ant-design/icons';
import { Button, Modal, Steps, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/**
 * The toolbar's startup instructions (spec §2): how a first profile is made and opened, in this
 * version's words (the browser version has no browser list and says where profiles open).
 */
export function StartupGuideButton() {
  const { t } = useTranslation();
  const { mode } = useRuntime();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The labels the steps name, as the console shows them in this language.
  const labels = { create: t('profiles.create'), proxyTab: t('profiles.tab.proxy'), test: t('profiles.proxyTest.button'), open: t('profiles.openBrowser') };
  const steps = mode === 'client' ? (['create', 'proxy', 'open'] as const) : (['download', 'create', 'open'] as const);
  return (
    <>
      <Tooltip title={t('shell.startup.title')}>
        <Button type="text" aria-label={t('shell.startup.title')} icon={<RocketOutlined />} onClick={() => setOpen(true)} data-testid="startup-guide" />
      </Tooltip>
      {open ? (
        <Modal
          open
          title={t('shell.startup.title')}
          onCancel={() => setOpen(false)}
          okText={t('shell.startup.more')}
          onOk={() => {
            setOpen(false);
            void navigate('/wel/helper');
          }}
          destroyOnHidden
        >
          <Typography.Paragraph type="secondary">{t('shell.startup.intro')}</Typography.Paragraph>
          <Steps direction="vertical" size="small" current={-1} items={steps.map((step) => ({ title: t(`shell.startup.steps.${step}.title`), description: t(`shell.startup.steps.${step}.body`, labels) }))} data-testid="startup-steps" />
        </Modal>
      ) : null}
    </>
  );
}
