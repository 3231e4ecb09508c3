import { ARRANGE_MAX_COLUMNS, arrangeWindowsResultSchema, limits, WINDOW_MAX_SIZE, WINDOW_MIN_HEIGHT, WINDOW_MIN_WIDTH } from '@facet/contracts';
import { App, Form, InputNumber, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { BridgeCallError } from '../../lib/bridge.ts';
import { testId } from '../../lib/testId.ts';

interface ArrangeValues {
  columns?: number | null;
  width?: number | null;
  height?: number | null;
}

/**
 * "Arrange windows" (AdsPower's window tiling): the agent lays the running profiles' windows out
 * in a grid on the screen, in the order of their numbers. Columns and window size are chosen to
 * fit unless given. `profileIds`: only those (the selection); none: every running profile.
 */
export function ArrangeWindowsDialog({ profileIds, onClose }: { profileIds?: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { bridge } = useRuntime();
  const { message } = App.useApp();
  const [form] = Form.useForm<ArrangeValues>();
  const [busy, setBusy] = useState(false);

  const arrange = async (values: ArrangeValues) => {
    if (!bridge) return;
    setBusy(true);
    try {
      const given = (value: number | null | undefined) => (typeof value === 'number' ? value : undefined);
      const result = arrangeWindowsResultSchema.parse(
        await bridge.request('arrangeWindows', { profileIds, columns: given(values.columns), width: given(values.width), height: given(values.height) }),
      );
      if (result.windows.length === 0 && result.failed.length === 0) message.info(t('arrangeWindows.none'));
      else message.success(t('arrangeWindows.done', { count: result.windows.length }));
      if (result.failed.length > 0) message.warning(t('arrangeWindows.someFailed', { count: result.failed.length }));
      onClose();
    } catch (error) {
      message.error(error instanceof BridgeCallError && error.msg ? error.msg : t('error.operationFailed'));
    } finally {
      setBusy(false);
    }
  };

  const auto = t('arrangeWindows.auto');
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('arrangeWindows.title')}
      okText={t('arrangeWindows.button')}
      okButtonProps={{ loading: busy, ...testId('arrange-ok') }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{profileIds ? t('arrangeWindows.hintSelected', { count: profileIds.length }) : t('arrangeWindows.hintAll')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void arrange(values)} data-testid="arrange-dialog">
        <Form.Item name="columns" label={t('arrangeWindows.columns')}>
          <InputNumber min={1} max={ARRANGE_MAX_COLUMNS} precision={0} placeholder={auto} style={{ width: '100%' }} data-testid="arrange-columns" />
        </Form.Item>
        <Form.Item name="width" label={t('arrangeWindows.width')}>
          <InputNumber min={WINDOW_MIN_WIDTH} max={WINDOW_MAX_SIZE} precision={0} placeholder={auto} style={{ width: '100%' }} data-testid="arrange-width" />
        </Form.Item>
        <Form.Item name="height" label={t('arrangeWindows.height')}>
          <InputNumber min={WINDOW_MIN_HEIGHT} max={WINDOW_MAX_SIZE} precision={0} placeholder={auto} style={{ width: '100%' }} data-testid="arrange-height" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
