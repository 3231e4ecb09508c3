import { limits, profileExportCall } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { download } from '../../lib/download.ts';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { profilesToJson } from './profileFile.ts';
import { profilesToXlsx } from './profileSheet.ts';

/** Writes the selected profiles, with every setting, to our JSON or to an Excel sheet. */
export function ExportDialog({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const [format, setFormat] = useState<'json' | 'excel'>('json');
  const write = useMutation({
    mutationFn: async () => {
      const { profiles } = await api.call(profileExportCall, { ids });
      const stamp = new Date().toISOString().slice(0, 10);
      if (format === 'excel') download(`facet-profiles-${stamp}.xlsx`, await profilesToXlsx(profiles));
      else download(`facet-profiles-${stamp}.json`, new Blob([profilesToJson(profiles, Date.now())], { type: 'application/json' }));
      return profiles.length;
    },
    onSuccess: (count) => {
      message.success(t('profileFiles.exported', { count }));
      onClose();
    },
    onError: (error) => showError(error),
  });
  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('profileFiles.exportTitle', { count: ids.length })}
      okText={t('profileFiles.export')}
      okButtonProps={{ loading: write.isPending, ...testId('export-save') }}
      onOk={() => write.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="export-dialog">
        <Radio.Group value={format} onChange={(e) => setFormat(e.target.value as 'json' | 'excel')} data-testid="export-format">
          <Radio value="json" data-testid="export-format-json">
            {t('profileFiles.json')}
          </Radio>
          <Radio value="excel" data-testid="export-format-excel">
            {t('profileFiles.excel')}
          </Radio>
        </Radio.Group>
        <Alert type="warning" showIcon title={t('profileFiles.secretsWarning')} />
      </Space>
    </Modal>
  );
}
