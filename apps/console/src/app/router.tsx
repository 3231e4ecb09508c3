import { Flex, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { MobileShell } from '../features/mobile/MobileShell.tsx';
import { RequireAuth } from '../features/shell/RequireAuth.tsx';
import { SessionEvents } from '../features/shell/SessionEvents.tsx';
import { Shell } from '../features/shell/Shell.tsx';
import { rootPath, welRoutes, type WelScreen } from '../lib/routes.ts';
import type { Runtime } from './runtime.ts';

// One chunk per route: a person signing in downloads neither the shell nor the other pages.
const LoginPage = lazy(() => import('../features/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage.tsx'));
const UserInfoPage = lazy(() => import('../features/account/UserInfoPage.tsx'));
const BrowserListPage = lazy(() => import('../features/profiles/BrowserListPage.tsx'));
const SharedPage = lazy(() => import('../features/shared/SharedPage.tsx'));
const GroupsPage = lazy(() => import('../features/groups/GroupsPage.tsx'));
const RecyclePage = lazy(() => import('../features/recycle/RecyclePage.tsx'));
const NotYetPage = lazy(() => import('../features/placeholder/NotYetPage.tsx'));
const MobileMyPage = lazy(() => import('../features/mobile/MobileMyPage.tsx'));
const MobileNotYetPage = lazy(() => import('../features/mobile/MobileNotYetPage.tsx'));

const loading = (
  <Flex align="center" justify="center" style={{ minHeight: '40vh' }}>
    <Spin />
  </Flex>
);
const page = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;

/** Screens whose content arrives with later issues show an honest empty state. */
const laterScreens: WelScreen[] = ['package', 'sub', 'operlog', 'setting', 'application', 'helper', 'reward', 'kyc'];

const mobileScreens: { path: string; labelKey: string }[] = [
  { path: 'account/list', labelKey: 'menu.sub' },
  { path: 'account/manage', labelKey: 'menu.sub' },
  { path: 'kf', labelKey: 'menu.helper' },
  { path: 'package', labelKey: 'mobile.package' },
  { path: 'package/detail', labelKey: 'mobile.package' },
  { path: 'package/pay', labelKey: 'mobile.package' },
  { path: 'package/pay_new', labelKey: 'mobile.package' },
  { path: 'package/success', labelKey: 'mobile.package' },
  { path: 'package/buy', labelKey: 'mobile.package' },
];

function Root() {
  return (
    <>
      <SessionEvents />
      <Outlet />
    </>
  );
}

export function buildRoutes(runtime: Runtime): RouteObject[] {
  return [
    {
      element: <Root />,
      children: [
        { path: '/', element: <Navigate to={rootPath({ mode: runtime.mode, mobile: runtime.mobile })} replace /> },
        { path: '/login', element: page(<LoginPage />) },
        { path: '/register', element: page(<RegisterPage />) },
        { path: '/forgetpassword', element: page(<ForgotPasswordPage />) },
        {
          path: '/wel',
          element: <RequireAuth>{(member) => <Shell member={member} />}</RequireAuth>,
          children: [
            { path: welRoutes.userinfo.slice(5), element: page(<UserInfoPage />) },
            { path: welRoutes.browser.slice(5), element: page(<BrowserListPage />) },
            { path: welRoutes.share.slice(5), element: page(<SharedPage />) },
            { path: welRoutes.browsergroup.slice(5), element: page(<GroupsPage />) },
            { path: welRoutes.recycle.slice(5), element: page(<RecyclePage />) },
            ...laterScreens.map((screen) => ({ path: welRoutes[screen].slice(5), element: page(<NotYetPage screen={screen} />) })),
            { path: '*', element: null },
          ],
        },
        {
          path: '/mobile',
          element: <RequireAuth>{(member) => <MobileShell member={member} />}</RequireAuth>,
          children: [
            { path: 'my', element: page(<MobileMyPage />) },
            ...mobileScreens.map(({ path, labelKey }) => ({ path, element: page(<MobileNotYetPage labelKey={labelKey} />) })),
          ],
        },
        // Unknown paths go to the login page (spec §2); /index.html is where logout used to land.
        { path: '*', element: <Navigate to="/login" replace /> },
      ],
    },
  ];
}

export const createRouter = (runtime: Runtime) => createBrowserRouter(buildRoutes(runtime));
