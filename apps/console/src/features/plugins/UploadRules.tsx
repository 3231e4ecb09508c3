import { limits } from '@facet/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/Preferences.tsx';
import { formatBytes } from '../../lib/formatBytes.ts';

/**
 * What an upload must be, shown before anything is chosen (spec §5, §9): a person learns that a
 * .crx needs unpacking before waiting for a 20 MB upload to be refused.
 */
export function UploadRules({ newVersion }: { newVersion: boolean }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const rules = [
    { id: 'icon', text: t('plugins.rules.icon', { max: formatBytes(limits.pluginIconMaxBytes, language.tag), min: limits.pluginIconMinPx }) },
    { id: 'package', text: t('plugins.rules.package', { max: formatBytes(limits.pluginPackageMaxBytes, language.tag) }) },
    { id: 'manifest', text: t('plugins.rules.manifest') },
    { id: 'crx', text: t('plugins.rules.crx') },
    { id: 'mv2', text: t('plugins.rules.mv2') },
    ...(newVersion ? [{ id: 'pins', text: t('plugins.rules.newVersion') }] : []),
  ];
  return (
    <Alert
      type="info"
      showIcon
      title={t('plugins.rules.title')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {rules.map((rule) => (
            <li key={rule.id} data-testid={`plugin-rule-${rule.id}`}>
              {rule.text}
            </li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
      data-testid="plugin-upload-rules"
    />
  );
}
