import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { Member } from '@facet/contracts';
import { Button, Flex, Layout, Tag, Tooltip, theme as antdTheme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { usePreferences } from '../../lib/Preferences.tsx';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { displayName } from '../../lib/displayName.ts';
import { allowedScreens, buildMenu } from '../../lib/menuModel.ts';
import { landingPath, screenForPath, welRoutes } from '../../lib/routes.ts';
import { readJson, storageKeys, writeJson } from '../../lib/storage.ts';
import { ApiTokenMenu } from '../../features/apiToken/index.ts';
import { BindingProvider } from '../../features/binding/index.ts';
import { FeedbackButton } from '../../features/feedback/index.ts';
import { LocalSettingsButton } from '../../features/localSettings/index.ts';
import { NoticesButton } from '../../features/notices/index.ts';
import { PlanReminder } from '../../features/settings/index.ts';
import { UpdateNotes } from '../../features/updates/index.ts';
import { SyncEvents } from '../../features/sync/index.ts';
import { SkippedCookiesNotice } from '../../features/browsers/index.ts';
import { useBridgeConnected } from './useBridgeConnected.ts';
import { entryLocation, namesAPage } from '../../lib/entryPage.ts';
import { emptyTabs, openTab, sanitizeTabs, type TabsState } from '../../lib/tabs.ts';
import { Banners } from './Banners.tsx';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { RegisterSuccessDialog } from './RegisterSuccessDialog.tsx';
import { ShellSideMenu } from './ShellSideMenu.tsx';
import { TabStrip } from './TabStrip.tsx';
import { ThemeToggle } from '../../ui/ThemeToggle.tsx';
import { StartupGuideButton } from './StartupGuideButton.tsx';
import { ExitDialog } from './ExitDialog.tsx';
import { GraphicsReport } from './GraphicsReport.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useScreenWidth } from '../../ui/useScreenWidth.ts';

/** Room around the open page, by the window's width: a small window keeps it for the page. */
const contentSpacing = { wide: { margin: 16, padding: 24 }, narrow: { margin: 12, padding: 16 }, phone: { margin: 8, padding: 12 } } as const;

/** Restoring the last tab happens once per page load, not on every visit to /wel. */
let restoredThisLoad = false;

/** The /wel shell: side menu, toolbar, banners, tab strip and the open page. */
export function Shell({ member }: { member: Member }) {
  const { t } = useTranslation();
  const { mode, mobile } = useRuntime();
  const { collapsed, setCollapsed } = usePreferences();
  const width = useScreenWidth();
  // Below the wide layout the side menu stays folded (the person's choice is kept for wide
  // windows) and the toggle opens the whole menu over the page.
  const folded = width !== 'wide' || collapsed;
  const [menuOver, setMenuOver] = useState(false);
  useEffect(() => {
    if (width === 'wide') setMenuOver(false);
  }, [width]);
  const { token } = antdTheme.useToken();
  const location = useLocation();
  const navigate = useNavigate();
  const menu = useMemo(() => buildMenu(mode, member.type), [mode, member.type]);
  const allowed = useMemo(() => allowedScreens(mode, member.type), [mode, member.type]);
  const landing = landingPath({ mode, mobile, accountType: member.type });
  const tabsKey = storageKeys.tabs(member.id);
  const [tabs, setTabs] = useState<TabsState>(() => (member.type === 'sub' ? emptyTabs : sanitizeTabs(readJson(tabsKey), allowed)));
  const [refreshKey, setRefreshKey] = useState(0);
  const screen = screenForPath(location.pathname);
  const firstRender = useRef(true);
  const bridgeConnected = useBridgeConnected();
  const { events } = useRuntime();
  const [exitOpen, setExitOpen] = useState(false);
  useEffect(() => events.on('exitRequested', () => setExitOpen(true)), [events]);

  // Last tab restored on start, except for sub-accounts (spec §2), and only when the page load
  // named no page: a link into the console opens what it names.
  useEffect(() => {
    if (!firstRender.current) return;
    firstRender.current = false;
    if (restoredThisLoad) return;
    restoredThisLoad = true;
    if (member.type !== 'sub' && !namesAPage(entryLocation) && tabs.active && location.pathname === landing && welRoutes[tabs.active] !== landing) {
      void navigate(welRoutes[tabs.active], { replace: true });
    }
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (screen && allowed.has(screen)) setTabs((state) => openTab(state, screen));
  }, [screen, allowed]);

  useEffect(() => {
    writeJson(tabsKey, tabs);
  }, [tabsKey, tabs]);

  // A page's code loads on its first visit, and a navigation the router is still loading is
  // dropped when the next click comes: opening the tab on the click keeps every clicked page.
  const openFromMenu = (path: string) => {
    const clicked = screenForPath(path);
    if (clicked && allowed.has(clicked)) setTabs((state) => openTab(state, clicked));
  };

  if (location.pathname === '/wel' || location.pathname === '/wel/') return <Navigate to={tabs.active ? welRoutes[tabs.active] : landing} replace />;
  // Screens this version or role does not have lead back to the landing page.
  if (!screen || !allowed.has(screen)) return <Navigate to={landing} replace />;

  const name = displayName(member, t('shell.defaultUser'));
  const toggleLabel = folded ? t('shell.toolbar.expand') : t('shell.toolbar.collapse');
  const spacing = contentSpacing[width];
  return (
    <BindingProvider>
      <Layout style={{ minHeight: '100vh' }}>
        <ShellSideMenu width={width} folded={folded} over={menuOver} onCloseOver={() => setMenuOver(false)} entries={menu} name={name} onOpen={openFromMenu} />
        {/* Shrinks with the window: a wide table scrolls inside the page, not the page itself. */}
        <Layout style={{ minWidth: 0 }}>
          {/* On a phone the toolbar's buttons take two lines rather than run off the screen. */}
          <Layout.Header
            style={{
              background: token.colorBgContainer,
              padding: width === 'phone' ? '8px' : '0 12px',
              height: width === 'phone' ? 'auto' : 56,
              lineHeight: width === 'phone' ? 'normal' : '56px',
              borderBottom: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Flex align="center" justify="space-between" gap={4} style={{ height: '100%' }}>
              <Tooltip title={toggleLabel}>
                <Button
                  type="text"
                  aria-label={toggleLabel}
                  icon={folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={() => (width === 'wide' ? setCollapsed(!collapsed) : setMenuOver(true))}
                  data-testid="collapse-toggle"
                />
              </Tooltip>
              <Flex align="center" justify="flex-end" gap={4} wrap>
                <Tooltip title={mode === 'client' && !bridgeConnected ? t('error.bridgeUnavailable') : undefined}>
                  <Tag
                    color={mode === 'client' ? (bridgeConnected ? 'blue' : 'red') : 'default'}
                    data-testid="mode-badge"
                    data-mode={mode}
                    data-bridge={bridgeConnected ? 'connected' : 'disconnected'}
                  >
                    {mode === 'client' ? t('shell.clientBadge') : t('shell.browserBadge')}
                  </Tag>
                </Tooltip>
                <StartupGuideButton />
                <LocalSettingsButton />
                <NoticesButton />
                <FeedbackButton />
                <ApiTokenMenu member={member} />
                <ThemeToggle />
                <LanguagePicker compact={width === 'phone'} />
                <UserMenu member={member} compact={width === 'phone'} />
                {exitOpen && mode === 'client' ? <ExitDialog onClose={() => setExitOpen(false)} /> : null}
              </Flex>
            </Flex>
          </Layout.Header>
          <Banners member={member} />
          <TabStrip state={tabs} onChange={setTabs} onRefresh={() => setRefreshKey((k) => k + 1)} margin={spacing.margin} />
          <Layout.Content style={{ margin: spacing.margin, padding: spacing.padding, minWidth: 0, background: token.colorBgContainer, borderRadius: token.borderRadiusLG }}>
            <Outlet key={`${location.pathname}:${refreshKey}`} />
          </Layout.Content>
        </Layout>
        <RegisterSuccessDialog />
        <PlanReminder member={member} />
        <GraphicsReport member={member} />
        <UpdateNotes />
        <SyncEvents />
        <SkippedCookiesNotice />
      </Layout>
    </BindingProvider>
  );
}
