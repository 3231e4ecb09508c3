import { limits, profileTagCall } from '@facet/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { tagsQueryKey } from './tagQueries.ts';
import { TagSelect } from './TagSelect.tsx';

interface TagForm {
  add: string[];
  remove: string[];
}

/** Puts tags on the selected profiles and takes others off, in one step for all of them. */
export function TagProfilesDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TagForm>();
  const apply = useMutation({
    mutationFn: ({ add, remove }: TagForm) => api.call(profileTagCall, { ids, add: add ?? [], remove: remove ?? [] }),
    onSuccess: async ({ changed }) => {
      message.success(t('tags.applied', { count: changed }));
      onDone();
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['profiles'] }), queryClient.invalidateQueries({ queryKey: tagsQueryKey })]);
    },
    onError: (error) => showError(error, form),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('tags.applyTitle', { count: ids.length })}
      okButtonProps={{ loading: apply.isPending, ...testId('tag-apply-save') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ add: [], remove: [] }} onFinish={(values) => apply.mutate(values)} data-testid="tag-apply-dialog">
        <Form.Item name="add" label={t('tags.add')}>
          <TagSelect mode="multiple" testId="tag-apply-add" />
        </Form.Item>
        <Form.Item name="remove" label={t('tags.remove')}>
          <TagSelect mode="multiple" testId="tag-apply-remove" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
