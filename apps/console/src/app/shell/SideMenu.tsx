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
  CloudServerOutlined,
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
  hosts: <CloudServerOutlined />,
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
  // The class lets a group's label wrap beside its arrow (global.css).
  const label = (key: string, labelKey: string) => (
    <span className="facet-menu-label" data-testid={`menu-${key}`}>
      {t(labelKey)}
    </span>
  );
  const items: MenuProps['items'] = entries.map((entry) =>
    'screen' in entry
      ? { key: entry.path, icon: icons[entry.key], label: label(entry.key, entry.labelKey) }
      : {
          key: entry.key,
          icon: icons[entry.key],
          label: label(entry.key, entry.labelKey),
          children: entry.children.map((child) => ({ key: child.path, icon: icons[child.key], label: label(child.key, child.labelKey) })),
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
