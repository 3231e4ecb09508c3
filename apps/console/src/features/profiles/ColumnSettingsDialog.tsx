import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { testId } from '../../lib/testId.ts';
import { defaultColumnSettings, defaultWidths, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, moveColumn, type ColumnKey, type ColumnSetting } from './columnSettings.ts';

const titles: Record<ColumnKey, string> = {
  serial: 'profiles.col.serial',
  name: 'profiles.col.name',
  group: 'profiles.col.group',
  proxy: 'profiles.col.proxy',
  os: 'profiles.col.os',
  remark: 'profiles.col.remark',
  lastUsedAt: 'profiles.col.lastUsed',
  members: 'profiles.col.sharedWith',
};

/** Show, hide, order and size the browser list's columns; applied on Save, kept for this account. */
export function ColumnSettingsDialog({ settings, onSave, onClose }: { settings: readonly ColumnSetting[]; onSave: (next: ColumnSetting[]) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ColumnSetting[]>([...settings]);
  const change = (key: ColumnKey, patch: Partial<ColumnSetting>) => setDraft((all) => all.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  return (
    <Modal
      open
      title={t('profiles.columns.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="space-between">
          <Button onClick={() => setDraft(defaultColumnSettings())} data-testid="columns-reset">
            {t('profiles.columns.reset')}
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="primary" onClick={() => onSave(draft)} {...testId('columns-save')}>
              {t('common.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('profiles.columns.hint')}</Typography.Paragraph>
      <Flex vertical gap={6} data-testid="columns-dialog">
        {draft.map((s, i) => (
          <Flex key={s.key} align="center" gap={8} data-testid={`columns-row-${s.key}`}>
            <Checkbox checked={s.visible} onChange={(e) => change(s.key, { visible: e.target.checked })} style={{ flex: 1 }} data-testid={`columns-visible-${s.key}`}>
              {t(titles[s.key])}
            </Checkbox>
            <InputNumber
              size="small"
              min={MIN_COLUMN_WIDTH}
              max={MAX_COLUMN_WIDTH}
              precision={0}
              value={s.width ?? defaultWidths[s.key]}
              onChange={(value) => change(s.key, { width: typeof value === 'number' ? value : null })}
              addonAfter="px"
              style={{ width: 120 }}
              aria-label={t('profiles.columns.width', { column: t(titles[s.key]) })}
              data-testid={`columns-width-${s.key}`}
            />
            <Button size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => setDraft((all) => moveColumn(all, s.key, -1))} aria-label={t('profiles.columns.up')} data-testid={`columns-up-${s.key}`} />
            <Button size="small" icon={<ArrowDownOutlined />} disabled={i === draft.length - 1} onClick={() => setDraft((all) => moveColumn(all, s.key, 1))} aria-label={t('profiles.columns.down')} data-testid={`columns-down-${s.key}`} />
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
