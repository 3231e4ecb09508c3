import { InboxOutlined } from '@ant-design/icons';
import { ApiError } from '@facet/api-client';
import { Code, limits, profileImportCall } from '@facet/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useShowError } from '../../lib/showError.ts';
import { testId } from '../../lib/testId.ts';
import { useRefreshProfileData } from '../groups/index.ts';
import { profilesFromJson, rowOfIssue } from './profileFile.ts';
import { profilesFromXlsx, type SheetResult } from './profileSheet.ts';

/** Files larger than this are refused before they are read (1,000 profiles are a few MB). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * Creates profiles from our JSON or an Excel sheet, all or none: a bad row is named (its row in
 * the sheet, its place in the JSON) with what is wrong, and nothing is created.
 */
/** A sheet names rows; a JSON file holds a list, whose entries are profiles by their place. */
const isSheet = (fileName: string) => /\.xlsx$/i.test(fileName);

export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { api } = useRuntime();
  const { message } = App.useApp();
  const showError = useShowError();
  const refresh = useRefreshProfileData();
  const [read, setRead] = useState<(SheetResult & { fileName: string }) | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: async () => {
      if (!read?.ok) throw new Error('nothing read');
      return api.call(profileImportCall, { profiles: read.profiles });
    },
    onSuccess: async ({ ids }) => {
      message.success(t('profileFiles.imported', { count: ids.length }));
      await refresh();
      onClose();
    },
    onError: (error) => {
      if (read?.ok && error instanceof ApiError && error.code === Code.INVALID_INPUT) {
        const issues = (error.data as { issues?: { path: string; key: string }[] } | null)?.issues ?? [];
        const first = issues.map((issue) => ({ at: rowOfIssue(issue.path, read.rows), key: issue.key })).find((issue) => issue.at !== null);
        if (first?.at) return setRefusal(t(isSheet(read.fileName) ? 'profileFiles.badRow' : 'profileFiles.badItem', { row: first.at.row, field: first.at.field || '—', reason: t(first.key) }));
      }
      showError(error);
    },
  });

  const readFile = async (file: File) => {
    setRefusal(null);
    if (file.size > MAX_FILE_BYTES) return setRead({ ok: false, row: 0, key: 'profileFiles.tooLarge', fileName: file.name });
    const result = isSheet(file.name) ? await profilesFromXlsx(await file.arrayBuffer()) : profilesFromJson(await file.text());
    if (result.ok && result.profiles.length > limits.maxBatchCreate) return setRead({ ok: false, row: 0, key: 'profileFiles.tooMany', fileName: file.name });
    setRead({ ...result, fileName: file.name });
  };

  return (
    <Modal
      open
      width={limits.dialogWidthPx}
      title={t('profileFiles.importTitle')}
      okText={read?.ok ? t('profileFiles.importCount', { count: read.profiles.length }) : t('profileFiles.import')}
      okButtonProps={{ disabled: !read?.ok, loading: create.isPending, ...testId('import-save') }}
      onOk={() => create.mutate()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="import-dialog">
        <Upload.Dragger
          accept=".json,.xlsx"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void readFile(file);
            return false;
          }}
          data-testid="import-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('profileFiles.drop')}</p>
          <p className="ant-upload-hint">{t('profileFiles.dropHint', { max: limits.maxBatchCreate })}</p>
        </Upload.Dragger>
        {read ? (
          read.ok ? (
            <Typography.Paragraph style={{ marginTop: 12 }} data-testid="import-read">
              {t('profileFiles.read', { count: read.profiles.length, file: read.fileName })}
            </Typography.Paragraph>
          ) : (
            <Alert type="error" showIcon style={{ marginTop: 12 }} title={read.row > 0 ? t(isSheet(read.fileName) ? 'profileFiles.badRowShort' : 'profileFiles.badItemShort', { row: read.row, reason: t(read.key) }) : t(read.key)} data-testid="import-file-error" />
          )
        ) : null}
        {refusal ? <Alert type="error" showIcon style={{ marginTop: 12 }} title={refusal} description={t('profileFiles.nothingCreated')} data-testid="import-refused" /> : null}
      </div>
    </Modal>
  );
}
