import { Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';

/** What this version brings, in the order the log lists it (texts: `updateLog.items.<key>`). */
const thisVersionItems = ['profiles', 'client', 'automation', 'team', 'plans', 'settings', 'languages'] as const;

/**
 * The update log (spec §2 modals): the console's version and what it brings. Only this
 * version is listed: the log starts with it, and no history is invented before it.
 */
export function UpdateLogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { config, bootstrap } = useRuntime();
  return (
    <Modal open width={560} title={t('updateLog.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="update-log-dialog">
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('updateLog.version', { version: config.version })} <Tag color="blue">{t('updateLog.current')}</Tag>
        </Typography.Title>
        <ul style={{ paddingInlineStart: 20, marginTop: 0 }} data-testid="update-log-items">
          {thisVersionItems.map((item) => (
            <li key={item} style={{ marginBottom: 6 }}>
              {t(`updateLog.items.${item}`)}
            </li>
          ))}
        </ul>
        {bootstrap ? (
          <Typography.Text type="secondary" data-testid="update-log-agent">
            {t('updateLog.agentVersion', { version: bootstrap.agentVersion })}
          </Typography.Text>
        ) : null}
      </div>
    </Modal>
  );
}
