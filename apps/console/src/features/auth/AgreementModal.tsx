import { limits } from '@facet/contracts';
import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const sections = ['age', 'accuracy', 'identity', 'security', 'conduct', 'pricing', 'payments', 'termination', 'property', 'feedback', 'confidentiality', 'liability', 'privacy', 'support'] as const;

export function AgreementModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} onOk={onClose} title={t('agreement.title')} cancelButtonProps={{ style: { display: 'none' } }} width={640}>
      <Typography.Paragraph type="secondary">{t('agreement.effective', { date: limits.agreementEffectiveDate })}</Typography.Paragraph>
      <ol style={{ paddingInlineStart: 20 }}>
        {sections.map((section) => (
          <li key={section} style={{ marginBottom: 8 }}>
            {t(`agreement.sections.${section}`)}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
