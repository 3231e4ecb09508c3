import { Code, groupCreateCall, groupUpdateCall, limits, validateSortValue, type Group } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshProfileData } from './groupQueries.ts';
import { IconPicker } from './IconPicker.tsx';

interface GroupForm {
  name: string;
  icon: number;
  sort: number;
}

/** Create a group, or edit one when `group` is given. Field names match the call's, so server issues land on them. */
export function GroupDialog({ group, onClose }: { group: Group | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [form] = Form.useForm<GroupForm>();
  const save = useMutation({
    mutationFn: (values: GroupForm) => (group ? api.call(groupUpdateCall, { id: group.id, ...values }) : api.call(groupCreateCall, values)),
    onSuccess: async () => {
      // One message for both: "Group saved." reads right after a create as after an edit.
      message.success(t('groups.updated'));
      await refresh();
      onClose();
    },
    // A taken name belongs beside the name field, not in a passing toast.
    onError: (error) => showError(error, form, { fields: { [Code.GROUP_NAME_TAKEN]: 'name' } }),
  });
  const initial: GroupForm = group ? { name: group.name, icon: group.icon, sort: group.sort } : { name: '', icon: 1, sort: 0 };
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t(group ? 'groups.editTitle' : 'groups.createTitle')}
      okText={t('common.save')}
      okButtonProps={{ loading: save.isPending, ...testId('group-save') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => save.mutate({ ...values, name: values.name.trim() })} data-testid="group-form">
        <Form.Item name="name" label={t('groups.name')} rules={[{ required: true, whitespace: true, message: t('validation.group.nameRequired') }, { max: 50, message: t('validation.tooLong') }]}>
          <Input autoFocus maxLength={50} data-testid="group-name" />
        </Form.Item>
        <Form.Item name="icon" label={t('groups.icon')}>
          <IconPicker />
        </Form.Item>
        <Form.Item name="sort" label={t('groups.sort')} extra={t('groups.sortHint')} rules={[fromContract(validateSortValue, t)]}>
          <InputNumber min={0} max={9999} precision={0} style={{ width: 160 }} data-testid="group-sort" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
