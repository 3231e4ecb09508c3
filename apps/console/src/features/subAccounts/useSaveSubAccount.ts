import { Code, subAccountCreateCall, subAccountUpdateCall, type SubAccount } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import type { SubAccountForm } from './subAccountForm.ts';
import { useRefreshSubAccounts } from './subAccountQueries.ts';

/**
 * Creates the sub-account, or updates `subAccount` (a blank password leaves it unchanged), for
 * the desktop dialog and the mobile page alike; refreshes the list, says so, then `onSaved`.
 * A taken username belongs beside the username field, not in a passing toast.
 */
export function useSaveSubAccount(subAccount: SubAccount | null, form: FormInstance<SubAccountForm>, onSaved: () => Promise<void> | void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { api } = useRuntime();
  const showError = useShowError();
  const refresh = useRefreshSubAccounts();
  return useMutation({
    mutationFn: ({ username, nickname, platformAccount, password, groupGrants }: SubAccountForm) =>
      subAccount
        ? api.call(subAccountUpdateCall, { id: subAccount.id, nickname, platformAccount, ...(password ? { password } : {}), ...(groupGrants ? { groupGrants } : {}) })
        : api.call(subAccountCreateCall, { username, password, nickname, platformAccount, groupGrants: groupGrants ?? [] }),
    onSuccess: async () => {
      message.success(t(subAccount ? 'subAccounts.updated' : 'subAccounts.created'));
      await refresh();
      await onSaved();
    },
    onError: (error) => showError(error, form, { fields: { [Code.USERNAME_TAKEN]: 'username' } }),
  });
}
