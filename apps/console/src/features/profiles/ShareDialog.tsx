import { Code, limits, profileShareCall, validateShareTargets, type SharePermission } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { fromContract } from '../../lib/formRules.ts';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshProfileData } from '../groups/index.ts';
import { PermissionChoice } from '../sharing/index.ts';

interface ShareForm {
  mode: 'accounts' | 'subAccounts';
  accounts: string[];
  permission: SharePermission;
}

/** Shares the selected profiles with named accounts (at most 100) or with all sub-accounts (spec §6), with a permission. */
export function ShareDialog({ ids, onClose, onDone }: { ids: string[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [form] = Form.useForm<ShareForm>();
  const mode = Form.useWatch('mode', form) ?? 'accounts';
  const share = useMutation({
    mutationFn: (values: ShareForm) =>
      api.call(
        profileShareCall,
        values.mode === 'accounts' ? { mode: 'accounts', ids, accounts: values.accounts, permission: values.permission } : { mode: 'subAccounts', ids, permission: values.permission },
      ),
    onSuccess: async ({ changed, recipients }) => {
      message.success(t('sharing.shared', { count: changed, recipients }));
      onDone();
      await refresh();
    },
    onError: (error) => showError(error, form, { fields: { [Code.ACCOUNT_UNKNOWN]: 'accounts' } }),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('sharing.shareTitle', { count: ids.length })}
      okText={t('sharing.share')}
      okButtonProps={{ loading: share.isPending, ...testId('share-save') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ mode: 'accounts', accounts: [], permission: 'run' }} onFinish={(values) => share.mutate(values)} data-testid="share-dialog">
        <Form.Item name="mode">
          <Radio.Group
            options={[
              { value: 'accounts', label: t('sharing.modeAccounts') },
              { value: 'subAccounts', label: t('sharing.modeSubAccounts') },
            ]}
            data-testid="share-mode"
          />
        </Form.Item>
        {mode === 'accounts' ? (
          <Form.Item name="accounts" label={t('sharing.accounts')} extra={t('sharing.accountsHint', { max: limits.maxAccountsPerShare })} rules={[fromContract(validateShareTargets, t)]}>
            {/* No maxCount: it dropped the 101st name without a word; the rule names the limit instead. */}
            <Select mode="tags" tokenSeparators={[',', ';', ' ', '\n']} open={false} data-testid="share-accounts" />
          </Form.Item>
        ) : (
          <Typography.Paragraph type="secondary">{t('sharing.subAccountsHint')}</Typography.Paragraph>
        )}
        <Form.Item name="permission" label={t('sharing.permissionLabel')}>
          <PermissionChoice testId="share-permission" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
