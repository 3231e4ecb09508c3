import { feedbackCall, limits, validateFeedbackContact, validateFeedbackContent, validateFeedbackScore } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Rate, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { contactFields, feedbackPayload, type FeedbackValues } from './feedbackPayload.ts';

const scoreLabels = ['bad', 'poor', 'fair', 'good', 'excellent'] as const;

/** Feedback (spec §2 modals, §3, §5): a 1–5 score, what the person wants to say, and optional ways to reach them. */
export function FeedbackDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const [form] = Form.useForm<FeedbackValues>();
  const send = useMutation({
    mutationFn: (values: FeedbackValues) => api.call(feedbackCall, feedbackPayload(values)),
    onSuccess: () => {
      message.success(t('feedback.thanks'));
      onClose();
    },
    onError: (error) => showError(error, form),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('feedback.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={send.isPending} onClick={() => form.submit()} {...testId('feedback-submit')}>
          {t('feedback.submit')}
        </Button>,
      ]}
    >
      <div data-testid="feedback-dialog">
        <Typography.Paragraph type="secondary">{t('feedback.intro')}</Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark={false} initialValues={{ score: limits.feedbackScoreDefault }} onFinish={(values) => send.mutate(values)}>
          <Form.Item name="score" label={t('feedback.score')} rules={[fromContract(validateFeedbackScore, t)]}>
            <Rate tooltips={scoreLabels.map((label) => t(`feedback.scores.${label}`))} data-testid="feedback-score" />
          </Form.Item>
          <Form.Item name="content" label={t('feedback.content')} rules={[fromContract(validateFeedbackContent, t)]}>
            <Input.TextArea
              rows={4}
              showCount
              maxLength={limits.feedbackContentMax}
              placeholder={t('feedback.contentPlaceholder')}
              autoFocus
              data-testid="feedback-content"
            />
          </Form.Item>
          <Typography.Text type="secondary">{t('feedback.contactHint')}</Typography.Text>
          {contactFields.map((field) => (
            <Form.Item key={field} name={field} label={t(`feedback.${field}`)} rules={[fromContract(validateFeedbackContact, t)]} style={{ marginTop: 8, marginBottom: 8 }}>
              <Input maxLength={limits.feedbackContactMax} autoComplete={field === 'mobile' ? 'tel' : 'off'} data-testid={`feedback-${field}`} />
            </Form.Item>
          ))}
        </Form>
      </div>
    </Modal>
  );
}
