import { Empty, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The notice list. Spec §2 calls it a non-functional placeholder, and this server publishes no
 * notices: the dialog says so instead of showing an empty list that seems to wait for something.
 */
export function NoticesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open width={500} title={t('notices.title')} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="notices-dialog">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('notices.emptyTitle')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('notices.emptyBody')}</Typography.Text>
            </>
          }
          data-testid="notices-empty"
        />
      </div>
    </Modal>
  );
}
