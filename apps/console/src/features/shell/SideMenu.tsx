import {
  AppstoreOutlined,
  DeleteOutlined,
  FolderOutlined,
  GiftOutlined,
  QuestionCircleOutlined,
  ShareAltOutlined,
  UserOutlined,
  ChromeOutlined,
  CreditCardOutlined,
  TeamOutlined,
  FileSearchOutlined,
  SettingOutlined,
  GlobalOutlined,
} from '@ant-design/icons';
import { Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuEntry } from '../../lib/menuModel.ts';

const icons: Record<string, ReactNode> = {
  share: <ShareAltOutlined />,
  browserManagement: <GlobalOutlined />,
  browser: <ChromeOutlined />,
  browsergroup: <FolderOutlined />,
  recycle: <DeleteOutlined />,
  accountList: <UserOutlined />,
  package: <CreditCardOutlined />,
  sub: <TeamOutlined />,
  operlog: <FileSearchOutlined />,
  setting: <SettingOutlined />,
  application: <AppstoreOutlined />,
  helper: <QuestionCircleOutlined />,
  reward: <GiftOutlined />,
};

/** `onOpen` hears of a click before the page loads (see Shell: the tab opens at once). */
export function SideMenu({ entries, collapsed, onOpen }: { entries: MenuEntry[]; collapsed: boolean; onOpen: (path: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items: MenuProps['items'] = entries.map((entry) =>
    'screen' in entry
      ? { key: entry.path, icon: icons[entry.key], label: <span data-testid={`menu-${entry.key}`}>{t(entry.labelKey)}</span> }
      : {
          key: entry.key,
          icon: icons[entry.key],
          label: <span data-testid={`menu-${entry.key}`}>{t(entry.labelKey)}</span>,
          children: entry.children.map((child) => ({ key: child.path, icon: icons[child.key], label: <span data-testid={`menu-${child.key}`}>{t(child.labelKey)}</span> })),
        },
  );
  const groupKeys = entries.filter((e) => !('screen' in e)).map((e) => e.key);
  return (
    <Menu
      mode="inline"
      selectedKeys={[pathname]}
      defaultOpenKeys={collapsed ? [] : groupKeys}
      items={items}
      onClick={({ key }) => {
        onOpen(key);
        void navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
      className="facet-side-menu"
      data-testid="side-menu"
    />
  );
}
