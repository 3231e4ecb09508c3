// What other rooms load on demand, each its own chunk: the router's pages (app/router.tsx) and
// the dialogs other features open when first asked (lib/deferred.tsx).
export const loadLoginPage = () => import('./LoginPage.tsx');
export const loadRegisterPage = () => import('./RegisterPage.tsx');
export const loadForgotPasswordPage = () => import('./ForgotPasswordPage.tsx');
