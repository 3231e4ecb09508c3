import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { loadUserInfoPage } from '../features/account/index.ts';
import { loadForgotPasswordPage, loadLoginPage, loadRegisterPage, useMember } from '../features/auth/index.ts';
import { loadGroupsPage } from '../features/groups/index.ts';
import { loadHelpPage } from '../features/help/index.ts';
import { loadKycPage } from '../features/kyc/index.ts';
import { loadMobileAccountListPage, loadMobileAccountManagePage, loadMobileCustomPlanPage, loadMobileMyPage, loadMobilePackagePage, loadMobilePayPage, loadMobilePaySuccessPage, loadMobilePlanDetailPage, loadMobileServicePage, loadMobileShell, loadMobileHostsPage } from '../features/mobile/index.ts';
import { loadOperationLogPage } from '../features/operlog/index.ts';
import { loadPlanPage } from '../features/plans/index.ts';
import { loadPluginCentrePage } from '../features/plugins/index.ts';
import { loadHostsPage, loadRemoteViewerPage } from '../features/remote/index.ts';
import { loadProfileListPage } from '../features/profiles/index.ts';
import { loadRecyclePage } from '../features/recycle/index.ts';
import { loadRewardPage } from '../features/reward/index.ts';
import { loadSettingsPage } from '../features/settings/index.ts';
import { loadSharedPage } from '../features/sharedWithMe/index.ts';
import { loadSubAccountsPage } from '../features/subAccounts/index.ts';
import { SessionEvents } from './shell/SessionEvents.tsx';
import { antdLocaleOf } from '../lib/antdLocale.ts';
import { allTexts, currentLanguage } from '../lib/language.ts';
import { noticeWaits, subscribeToWaiting } from '../lib/notices.ts';
import { whenIdle } from '../lib/whenIdle.ts';
import { rootPath, welRoutes } from '../lib/routes.ts';
import { Loading } from './Loading.tsx';
import { PageErrorBoundary } from './PageErrorBoundary.tsx';
import { useRuntime } from '../lib/RuntimeContext.tsx';
import type { Runtime } from '../lib/runtime.ts';

// One chunk per route: a person signing in downloads neither the shell nor the other pages
// (scripts/checks/consoleBudget.mjs weighs what the sign-in page loads). The shells, and so
// every page inside them, render only once all the texts are in: the sign-in page had only the
// entry part of them (lib/language.ts).
// The sign-in page is the one page without antd (it is the first thing people download); every
// other page renders inside AntdProvider, which loads antd with it.
const loadRequireAuth = () => import('./shell/RequireAuth.tsx');
const loadShell = () => import('./shell/Shell.tsx');
// RequireAuth renders only inside AntdProvider, and AntdProvider waits for antd's texts: all
// three are fetched at once, not one after the other.
const AntdProvider = lazy(() => {
  void loadRequireAuth();
  void antdLocaleOf(currentLanguage().tag);
  return import('./AntdProvider.tsx').then((m) => ({ default: m.AntdProvider }));
});
const AntdExtras = lazy(() => import('./AntdExtras.tsx'));
const RequireAuth = lazy(() => loadRequireAuth().then((m) => ({ default: m.RequireAuth })));
const Shell = lazy(() => Promise.all([loadShell(), allTexts()]).then(([m]) => ({ default: m.Shell })));
const MobileShell = lazy(() => Promise.all([loadMobileShell(), allTexts()]).then(([m]) => ({ default: m.MobileShell })));
const LoginPage = lazy(loadLoginPage);
const RegisterPage = lazy(loadRegisterPage);
const ForgotPasswordPage = lazy(loadForgotPasswordPage);
const UserInfoPage = lazy(loadUserInfoPage);
const ProfileListPage = lazy(loadProfileListPage);
const SharedPage = lazy(loadSharedPage);
const GroupsPage = lazy(loadGroupsPage);
const RecyclePage = lazy(loadRecyclePage);
const SubAccountsPage = lazy(loadSubAccountsPage);
const HostsPage = lazy(loadHostsPage);
// Outside the shells, so it waits for the texts the shells wait for; noVNC comes with it only.
const RemoteViewerPage = lazy(() => Promise.all([loadRemoteViewerPage(), allTexts()]).then(([m]) => m));
const PlanPage = lazy(loadPlanPage);
const OperationLogPage = lazy(loadOperationLogPage);
const SettingsPage = lazy(loadSettingsPage);
const HelpPage = lazy(loadHelpPage);
const RewardPage = lazy(loadRewardPage);
const KycPage = lazy(loadKycPage);
const PluginCentrePage = lazy(loadPluginCentrePage);
const MobileMyPage = lazy(loadMobileMyPage);
const MobilePackagePage = lazy(loadMobilePackagePage);
const MobilePlanDetailPage = lazy(loadMobilePlanDetailPage);
const MobilePayPage = lazy(loadMobilePayPage);
const MobilePaySuccessPage = lazy(loadMobilePaySuccessPage);
const MobileCustomPlanPage = lazy(loadMobileCustomPlanPage);
const MobileAccountListPage = lazy(loadMobileAccountListPage);
const MobileAccountManagePage = lazy(loadMobileAccountManagePage);
const MobileServicePage = lazy(loadMobileServicePage);
const MobileHostsPage = lazy(loadMobileHostsPage);

const page = (node: ReactNode) => (
  <PageErrorBoundary>
    <Suspense fallback={<Loading />}>{node}</Suspense>
  </PageErrorBoundary>
);

/**
 * The notices and the contact button (AntdExtras) come once the page has shown and the browser
 * is idle, so antd does not compete with what the sign-in page waits for; at once if a notice
 * is waiting to be shown.
 */
function LaterExtras() {
  const [idle, setIdle] = useState(false);
  const waits = useSyncExternalStore(subscribeToWaiting, noticeWaits);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !waits) return null;
  return (
    <PageErrorBoundary quiet>
      <Suspense fallback={null}>
        <AntdExtras />
      </Suspense>
    </PageErrorBoundary>
  );
}

function Root() {
  return (
    <>
      <SessionEvents />
      <Outlet />
      <LaterExtras />
    </>
  );
}

/**
 * On a page after sign-in, what RequireAuth will wait for and what it then shows are asked for
 * while antd loads: the account, and the shell's code.
 */
function SignedInAhead({ mobile }: { mobile: boolean }) {
  const signedIn = useRuntime().credentials.load() !== null;
  useMember();
  useEffect(() => {
    if (signedIn) void (mobile ? loadMobileShell() : loadShell());
  }, [mobile, signedIn]);
  return null;
}

/**
 * The pages drawn with antd: it loads with the first of them. A reload of a page after sign-in
 * does not wait for antd, then for the server, then for the shell, one after the other.
 */
function WithAntd() {
  const area = /^\/(wel|mobile)(\/|$)/.exec(useLocation().pathname)?.[1];
  return (
    <>
      {area ? <SignedInAhead mobile={area === 'mobile'} /> : null}
      {page(
        <AntdProvider>
          <Outlet />
        </AntdProvider>,
      )}
    </>
  );
}

function buildRoutes(runtime: Runtime): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        { path: '/', element: <Navigate to={rootPath({ mode: runtime.mode, mobile: runtime.mobile })} replace /> },
        { path: '/login', element: page(<LoginPage />) },
        {
          element: <WithAntd />,
          children: [
            { path: '/register', element: page(<RegisterPage />) },
            { path: '/forgetpassword', element: page(<ForgotPasswordPage />) },
            {
              path: '/wel',
              element: <RequireAuth>{(member) => page(<Shell member={member} />)}</RequireAuth>,
              children: [
                { path: welRoutes.userinfo.slice(5), element: page(<UserInfoPage />) },
                { path: welRoutes.browser.slice(5), element: page(<ProfileListPage />) },
                { path: welRoutes.share.slice(5), element: page(<SharedPage />) },
                { path: welRoutes.browsergroup.slice(5), element: page(<GroupsPage />) },
                { path: welRoutes.recycle.slice(5), element: page(<RecyclePage />) },
                { path: welRoutes.sub.slice(5), element: page(<SubAccountsPage />) },
                { path: welRoutes.hosts.slice(5), element: page(<HostsPage />) },
                { path: welRoutes.package.slice(5), element: page(<PlanPage />) },
                { path: welRoutes.operlog.slice(5), element: page(<OperationLogPage />) },
                { path: welRoutes.setting.slice(5), element: page(<SettingsPage />) },
                { path: welRoutes.helper.slice(5), element: page(<HelpPage />) },
                { path: welRoutes.reward.slice(5), element: page(<RewardPage />) },
                { path: welRoutes.kyc.slice(5), element: page(<KycPage />) },
                { path: welRoutes.application.slice(5), element: page(<PluginCentrePage />) },
                { path: '*', element: null },
              ],
            },
            // A profile running on a team host (issue 39): the whole window, desktop client and phones alike.
            { path: '/remote/:runId', element: <RequireAuth>{() => page(<RemoteViewerPage />)}</RequireAuth> },
            {
              path: '/mobile',
              element: <RequireAuth>{(member) => page(<MobileShell member={member} />)}</RequireAuth>,
              children: [
                { path: 'my', element: page(<MobileMyPage />) },
                { path: 'package', element: page(<MobilePackagePage />) },
                { path: 'package/detail', element: page(<MobilePlanDetailPage />) },
                // pay buys a plan, pay_new renews or changes the plan in force (our reading: mobilePaths.ts).
                { path: 'package/pay', element: page(<MobilePayPage key="purchase" kind="purchase" />) },
                { path: 'package/pay_new', element: page(<MobilePayPage key="renewal" kind="renewal" />) },
                { path: 'package/success', element: page(<MobilePaySuccessPage />) },
                { path: 'package/buy', element: page(<MobileCustomPlanPage />) },
                { path: 'account/list', element: page(<MobileAccountListPage />) },
                { path: 'account/manage', element: page(<MobileAccountManagePage />) },
                { path: 'kf', element: page(<MobileServicePage />) },
                { path: 'hosts', element: page(<MobileHostsPage />) },
              ],
            },
          ],
        },
        // Unknown paths go to the login page (spec §2); /index.html is where logout used to land.
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ];
}

/**
 * The routes, under App's BrowserRouter. react-router's declarative router rather than its data
 * router (createBrowserRouter): the console uses no loaders, actions or fetchers, and the data
 * router weighed 17 kB gzip more on every page (docs/benchmarks.md).
 */
export function AppRoutes({ runtime }: { runtime: Runtime }) {
  return useRoutes(useMemo(() => buildRoutes(runtime), [runtime]));
}
