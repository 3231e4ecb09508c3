import { CloseCircleOutlined, MoreOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { screenLabelKey } from '../../lib/menuModel.ts';
import { welRoutes, type WelScreen } from '../../lib/routes.ts';
import { closeOthers, closeTab, type TabsState } from '../../lib/tabs.ts';

interface Props {
  state: TabsState;
  onChange: (state: TabsState) => void;
  onRefresh: () => void;
  /** Space on either side, the page's own (Shell's contentSpacing). */
  margin: number;
}

/** Open pages as tabs (spec §2): close buttons only when more than one is open. */
export function TabStrip({ state, onChange, onRefresh, margin }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const go = (next: TabsState) => {
    onChange(next);
    if (next.active && next.active !== state.active) void navigate(welRoutes[next.active]);
  };
  return (
    <Tabs
      type="editable-card"
      hideAdd
      size="small"
      activeKey={state.active ?? undefined}
      onChange={(key) => void navigate(welRoutes[key as WelScreen])}
      onEdit={(key, action) => {
        if (action === 'remove') go(closeTab(state, key as WelScreen));
      }}
      items={state.tabs.map((screen) => ({
        key: screen,
        label: <span style={{ display: 'inline-block', minWidth: 75 }} data-testid={`tab-${screen}`}>{t(screenLabelKey(screen))}</span>,
        closable: state.tabs.length > 1,
      }))}
      tabBarExtraContent={
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: 'refresh', icon: <ReloadOutlined />, label: t('shell.tabs.refresh') },
              { key: 'closeOthers', icon: <CloseCircleOutlined />, label: t('shell.tabs.closeOthers'), disabled: state.tabs.length <= 1 },
            ],
            onClick: ({ key }) => (key === 'refresh' ? onRefresh() : go(closeOthers(state))),
          }}
        >
          <Button type="text" size="small" icon={<MoreOutlined />} aria-label={t('shell.tabs.refresh')} data-testid="tabstrip-actions" />
        </Dropdown>
      }
      style={{ margin: `8px ${margin}px 0` }}
      data-testid="tabstrip"
    />
  );
}
