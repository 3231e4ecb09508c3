export { DeleteSubAccountDialog } from './DeleteSubAccountDialog.tsx';
export { NICKNAME_MAX, optionalConfirmRule, optionalNewPassword, PLATFORM_ACCOUNT_MAX } from './subAccountForm.ts';
export type { SubAccountForm } from './subAccountForm.ts';
export { useSubAccounts } from './subAccountQueries.ts';
export { useSaveSubAccount } from './useSaveSubAccount.ts';
export { loadSubAccountsPage } from './loaders.ts';
