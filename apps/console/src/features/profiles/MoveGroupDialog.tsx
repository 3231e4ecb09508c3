import { limits, profileMoveGroupCall, UNGROUPED_ID } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { GroupSelect, useRefreshProfileData } from '../groups/index.ts';

/** Moves the selected profiles into one group (or out of every group). */
export function MoveGroupDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [form] = Form.useForm<{ groupId: string }>();
  const move = useMutation({
    mutationFn: ({ groupId }: { groupId: string }) => api.call(profileMoveGroupCall, { ids, groupId }),
    onSuccess: async ({ changed }) => {
      message.success(t('profiles.moved', { count: changed }));
      onDone();
      await refresh();
    },
    onError: (error) => showError(error, form),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('profiles.moveTitle', { count: ids.length })}
      okButtonProps={{ loading: move.isPending, ...testId('move-group-save') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ groupId: UNGROUPED_ID }} onFinish={(values) => move.mutate(values)} data-testid="move-group-dialog">
        <Form.Item name="groupId" label={t('profiles.field.group')} rules={[{ required: true, message: t('validation.required') }]}>
          <GroupSelect testId="move-group-select" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
