import { CloseOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Avatar, Button, Flex, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { formatBytes } from '../../lib/formatBytes.ts';

interface FilePickerProps {
  /** Set by Form.Item. */
  value?: File;
  onChange?: (file: File | undefined) => void;
  accept: string;
  chooseLabel: string;
  testId: string;
  disabled?: boolean;
  /** Show the chosen image (the icon). */
  preview?: boolean;
}

/** A local image as a URL for an <img>, released when the file changes or the picker goes. */
function useObjectUrl(file: File | undefined, wanted: boolean): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !wanted) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file, wanted]);
  return url;
}

/**
 * Chooses one local file and keeps it in the form; nothing is sent until the dialog submits.
 * The hidden file input sits inside the element with `testId` (tests set files on it).
 */
export function FilePicker({ value, onChange, accept, chooseLabel, testId, disabled, preview = false }: FilePickerProps) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const previewUrl = useObjectUrl(value, preview);
  return (
    <Flex vertical gap={6} data-testid={testId}>
      <Upload
        accept={accept}
        maxCount={1}
        fileList={[]}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          onChange?.(file);
          // The dialog sends the file itself, with the other fields, when it is submitted.
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={disabled} data-testid={`${testId}-choose`}>
          {chooseLabel}
        </Button>
      </Upload>
      {value ? (
        <Flex gap={8} align="center" data-testid={`${testId}-chosen`}>
          {previewUrl ? <Avatar shape="square" size={40} src={previewUrl} alt="" /> : <PaperClipOutlined />}
          <Typography.Text ellipsis style={{ maxWidth: 280 }}>
            {value.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {formatBytes(value.size, language.tag)}
          </Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('plugins.upload.removeFile')}
            title={t('plugins.upload.removeFile')}
            disabled={disabled}
            onClick={() => onChange?.(undefined)}
            data-testid={`${testId}-clear`}
          />
        </Flex>
      ) : null}
    </Flex>
  );
}
