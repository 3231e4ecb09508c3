import { ArrowUpOutlined, FolderOutlined } from '@ant-design/icons';
import { BridgeError, type DirectoryListing } from '@facet/contracts';
import { Alert, Button, Checkbox, Empty, Flex, Input, Modal, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeCallError } from '../../lib/bridge.ts';
import { testId } from '../../lib/testId.ts';
import type { localSettingsBridge } from './localSettingsBridge.ts';

/** Joins a folder name to a path the agent gave (POSIX or Windows style, as the agent's machine writes them). */
function childPath(parent: string, name: string): string {
  const separator = parent.includes('\\') && !parent.includes('/') ? '\\' : '/';
  return parent.endsWith(separator) ? `${parent}${name}` : `${parent}${separator}${name}`;
}

/**
 * "Select directory" without a native dialog: the agent lists the folders of its machine (no
 * files, hidden ones on request), the person walks them or types a path, and picks one. Whether
 * the agent may write there is checked when the settings are saved.
 */
export function DirectoryPicker({ api, start, onPick, onClose }: { api: ReturnType<typeof localSettingsBridge>; start: string; onPick: (path: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [listing, setListing] = useState<DirectoryListing | null>(null);
  const [typed, setTyped] = useState(start);
  const [showHidden, setShowHidden] = useState(false);
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Only the newest listing asked for is shown: a slow answer must not replace a later one.
  const asked = useRef(0);

  const open = useCallback(
    async (path: string | undefined, hidden: boolean, fallBackHome = false): Promise<void> => {
      const ask = ++asked.current;
      setLoading(true);
      setProblem(null);
      try {
        const next = await api.listDirectory(path, hidden);
        if (ask !== asked.current) return;
        setListing(next);
        setTyped(next.path);
      } catch (error) {
        if (ask !== asked.current) return;
        // The folder in the field may not exist yet (it is made on save): start at home instead.
        if (fallBackHome && error instanceof BridgeCallError && error.error === BridgeError.NOT_FOUND) return open(undefined, hidden);
        setProblem(error instanceof BridgeCallError && error.msg ? error.msg : t('error.operationFailed'));
      } finally {
        if (ask === asked.current) setLoading(false);
      }
    },
    [api, t],
  );

  useEffect(() => {
    void open(start || undefined, false, true);
  }, [open, start]);

  return (
    <Modal
      open
      width={560}
      title={t('localSettings.picker.title')}
      okText={t('localSettings.picker.choose')}
      okButtonProps={{ disabled: !listing, ...testId('picker-choose') }}
      onOk={() => listing && onPick(listing.path)}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex gap={8} style={{ marginBottom: 12 }}>
        <Button icon={<ArrowUpOutlined />} aria-label={t('localSettings.picker.up')} title={t('localSettings.picker.up')} disabled={!listing?.parent} onClick={() => void open(listing?.parent ?? undefined, showHidden)} data-testid="picker-up" />
        <Space.Compact style={{ flex: 1 }}>
          <Input value={typed} onChange={(event) => setTyped(event.target.value)} onPressEnter={() => void open(typed.trim() || undefined, showHidden)} data-testid="picker-path" />
          <Button onClick={() => void open(typed.trim() || undefined, showHidden)} data-testid="picker-go">
            {t('localSettings.picker.go')}
          </Button>
        </Space.Compact>
      </Flex>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="picker-problem" /> : null}
      <Spin spinning={loading}>
        <div style={{ height: 320, overflowY: 'auto' }} data-testid="picker-list" data-path={listing?.path ?? ''}>
          {listing && listing.entries.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('localSettings.picker.empty')} />
          ) : (
            <Flex vertical>
              {(listing?.entries ?? []).map((entry) => (
                <Button
                  key={entry.name}
                  type="text"
                  icon={<FolderOutlined />}
                  style={{ justifyContent: 'flex-start' }}
                  onClick={() => listing && void open(childPath(listing.path, entry.name), showHidden)}
                  data-testid="picker-entry"
                  data-name={entry.name}
                >
                  <Typography.Text ellipsis>{entry.name}</Typography.Text>
                </Button>
              ))}
            </Flex>
          )}
        </div>
      </Spin>
      <Flex justify="space-between" style={{ marginTop: 12 }}>
        <Checkbox
          checked={showHidden}
          onChange={(event) => {
            setShowHidden(event.target.checked);
            void open(listing?.path, event.target.checked);
          }}
        >
          {t('localSettings.picker.showHidden')}
        </Checkbox>
        {listing?.truncated ? <Typography.Text type="secondary">{t('localSettings.picker.truncated')}</Typography.Text> : null}
      </Flex>
    </Modal>
  );
}
