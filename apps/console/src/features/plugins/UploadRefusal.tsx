import { type ApiError, NETWORK_FAILURE } from '@facet/api-client';
import { messageKeyForCode } from '@facet/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { formatBytes } from '../../lib/formatBytes.ts';
import { refusalDetail } from './refusalDetail.ts';

/**
 * Why the server refused an upload: the code's message, then the inspector's detail (which
 * entry, which size, where manifest.json was), so the one thing to fix is named.
 */
export function UploadRefusal({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const title =
    error.code === NETWORK_FAILURE
      ? t('plugins.upload.noAnswer')
      : t(messageKeyForCode(error.code), { defaultValue: error.msg || t('error.unknown') });
  const lines = refusalDetail(error.code, error.data, (bytes) => formatBytes(bytes, language.tag));
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={
        lines.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="plugin-upload-refusal-detail">
            {lines.map((line) => (
              <li key={line.key}>{t(line.key, line.values)}</li>
            ))}
          </ul>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
      data-testid="plugin-upload-refusal"
      data-code={error.code}
    />
  );
}
