import { Drawer, Flex, Layout, Typography, theme as antdTheme } from 'antd';
import type { MenuEntry } from '../../lib/menuModel.ts';
import { SideMenu } from './SideMenu.tsx';
import type { ScreenWidth } from '../../ui/useScreenWidth.ts';

interface ShellSideMenuProps {
  width: ScreenWidth;
  /** Icons only: the person's choice in a wide window, always in a narrower one. */
  folded: boolean;
  /** The whole menu open over the page (narrow and phone widths, from the toolbar's toggle). */
  over: boolean;
  onCloseOver: () => void;
  entries: MenuEntry[];
  /** The account's name, beside the logo. */
  name: string;
  onOpen: (path: string) => void;
}

/**
 * The side menu beside the page: expanded or folded to its icons (64 px), and on a phone not
 * beside the page at all (the page takes the whole width). Below the wide layout the toolbar's
 * toggle opens the whole menu over the page instead of pushing the page aside.
 */
export function ShellSideMenu({ width, folded, over, onCloseOver, entries, name, onOpen }: ShellSideMenuProps) {
  const { token } = antdTheme.useToken();
  const brand = (iconOnly: boolean) => (
    <Flex align="center" gap={10} style={{ height: 56, padding: iconOnly ? '0 16px' : '0 20px', overflow: 'hidden' }}>
      <img src="/favicon.svg" width={28} height={28} alt="" />
      {iconOnly ? null : (
        <Typography.Text strong ellipsis={{ tooltip: name }} data-testid="header-name">
          {name}
        </Typography.Text>
      )}
    </Flex>
  );
  return (
    <>
      <Layout.Sider
        collapsed={folded}
        trigger={null}
        width={248}
        collapsedWidth={width === 'phone' ? 0 : 64}
        theme="light"
        style={{ borderInlineEnd: width === 'phone' ? 'none' : `1px solid ${token.colorBorderSecondary}` }}
        data-testid="side-menu-frame"
        data-folded={folded ? '1' : '0'}
      >
        {width === 'phone' ? null : (
          <>
            {brand(folded)}
            {/* Remounted when it unfolds: its groups open again, as on the first start. */}
            <SideMenu key={folded ? 'folded' : 'open'} entries={entries} collapsed={folded} onOpen={onOpen} />
          </>
        )}
      </Layout.Sider>
      {width === 'wide' ? null : (
        // Gone when closed: the folded menu beside the page has the same entries (and test ids).
        <Drawer open={over} placement="left" size={280} closable={false} destroyOnHidden onClose={onCloseOver} styles={{ body: { padding: 0 } }}>
          {brand(false)}
          <SideMenu
            entries={entries}
            collapsed={false}
            onOpen={(path) => {
              onCloseOver();
              onOpen(path);
            }}
          />
        </Drawer>
      )}
    </>
  );
}
