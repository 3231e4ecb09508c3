export { CodeButton } from './CodeButton.tsx';
export { NewPasswordFields } from './NewPasswordFields.tsx';
export { dropSession, memberQueryKey, useMember, useSignOut } from './session.ts';
export { loadForgotPasswordPage, loadLoginPage, loadRegisterPage } from './loaders.ts';
