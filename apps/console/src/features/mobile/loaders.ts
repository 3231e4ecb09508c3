// What other rooms load on demand, each its own chunk: the router's pages (app/router.tsx) and
// the dialogs other features open when first asked (lib/deferred.tsx).
export const loadMobileShell = () => import('./MobileShell.tsx');
export const loadMobileMyPage = () => import('./MobileMyPage.tsx');
export const loadMobilePackagePage = () => import('./MobilePackagePage.tsx');
export const loadMobilePlanDetailPage = () => import('./MobilePlanDetailPage.tsx');
export const loadMobilePayPage = () => import('./MobilePayPage.tsx');
export const loadMobilePaySuccessPage = () => import('./MobilePaySuccessPage.tsx');
export const loadMobileCustomPlanPage = () => import('./MobileCustomPlanPage.tsx');
export const loadMobileAccountListPage = () => import('./MobileAccountListPage.tsx');
export const loadMobileAccountManagePage = () => import('./MobileAccountManagePage.tsx');
export const loadMobileServicePage = () => import('./MobileServicePage.tsx');
export const loadMobileHostsPage = () => import('./MobileHostsPage.tsx');
