import { limits, pluginAssignCall, pluginUnassignCall, type Plugin } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useGroups } from '../groups/index.ts';
import { ProfilePicker, type PickedProfile } from './ProfilePicker.tsx';
import { useRefreshPlugins } from './pluginQueries.ts';
import { VersionSelect } from './VersionSelect.tsx';

type AssignMode = 'assign' | 'unassign';

interface AssignValues {
  mode: AssignMode;
  versionId: string;
  profiles: PickedProfile[];
  groupIds: string[];
}

/** The call's cap on groups per assignment (contracts `plugins.ts`). */
const MAX_GROUPS = 200;

/**
 * Pins a version of a plugin on chosen profiles and groups of the acting account, or takes the
 * plugin off them. A profile loads its own pin first, then its group's, then its account's
 * switch; pins move only for the targets named here.
 */
export function AssignDialog({ plugin, versionId, onClose }: { plugin: Plugin; versionId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshPlugins();
  const groups = useGroups();
  const [form] = Form.useForm<AssignValues>();
  const mode = Form.useWatch('mode', form) ?? 'assign';
  const save = useMutation({
    mutationFn: async (values: AssignValues) => {
      const targets = { profileIds: values.profiles.map((profile) => profile.value), groupIds: values.groupIds };
      if (values.mode === 'assign') {
        const { assigned } = await api.call(pluginAssignCall, { id: plugin.id, versionId: values.versionId, ...targets });
        return t('plugins.assign.assigned', { count: assigned, name: plugin.name });
      }
      const { unassigned } = await api.call(pluginUnassignCall, { id: plugin.id, ...targets });
      return t('plugins.assign.unassigned', { count: unassigned, name: plugin.name });
    },
    onSuccess: async (text) => {
      message.success(text);
      await refresh();
      onClose();
    },
    onError: (error) => showError(error, form),
  });
  const submit = (values: AssignValues) => {
    // The call needs at least one target; say so beside the profiles rather than send it.
    if (values.profiles.length + values.groupIds.length === 0) {
      form.setFields([{ name: 'profiles', errors: [t('plugins.assign.noTargets')] }]);
      return;
    }
    save.mutate(values);
  };
  const groupOptions = (groups.data?.list ?? []).map((group) => ({ value: group.id, label: group.name }));
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('plugins.assign.title', { name: plugin.name })}
      okText={t(mode === 'assign' ? 'plugins.assign.submit' : 'plugins.assign.submitUnassign')}
      okButtonProps={{ loading: save.isPending, danger: mode === 'unassign', ...testId('plugin-assign-submit') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<AssignValues>
        form={form}
        layout="vertical"
        initialValues={{ mode: 'assign', versionId: versionId ?? plugin.latestVersion.id, profiles: [], groupIds: [] }}
        onFinish={submit}
        data-testid="plugin-assign-dialog"
      >
        <Form.Item name="mode">
          <Radio.Group
            options={[
              { value: 'assign', label: t('plugins.assign.modeAssign') },
              { value: 'unassign', label: t('plugins.assign.modeUnassign') },
            ]}
            data-testid="plugin-assign-mode"
          />
        </Form.Item>
        {mode === 'assign' ? (
          <Form.Item name="versionId" label={t('plugins.field.version')} rules={[{ required: true, message: t('plugins.assign.versionRequired') }]}>
            <VersionSelect pluginId={plugin.id} testId="plugin-assign-version" />
          </Form.Item>
        ) : null}
        <Form.Item name="profiles" label={t('plugins.assign.profiles')}>
          <ProfilePicker testId="plugin-assign-profiles" />
        </Form.Item>
        <Form.Item name="groupIds" label={t('plugins.assign.groups')}>
          <Select
            mode="multiple"
            options={groupOptions}
            loading={groups.isLoading}
            maxCount={MAX_GROUPS}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('plugins.assign.groupsPlaceholder')}
            data-testid="plugin-assign-groups"
          />
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="plugin-assign-hint">
        {t(mode === 'assign' ? 'plugins.assign.hint' : 'plugins.assign.unassignHint')}
      </Typography.Paragraph>
    </Modal>
  );
}
