import { checkConsistency, type ConsistencyField, type Contradiction, type ContradictionSide } from '@facet/fingerprint/consistency';
import { Alert, Button, Form, Typography, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ProfileFormValues } from './profileFormModel.ts';

/** Each field under the label its form item shows, so the warning names what the user sees. */
const fieldLabels: Record<ConsistencyField, string> = {
  os: 'profiles.field.os',
  userAgent: 'profiles.field.userAgent',
  kernelVersion: 'profiles.field.kernel',
  resolution: 'profiles.field.resolution',
  language: 'profiles.field.language',
  timezone: 'profiles.field.timezone',
  platform: 'profiles.fp.platform',
  hardwareConcurrency: 'profiles.fp.hardwareConcurrency',
  deviceMemory: 'profiles.fp.deviceMemory',
  maxTouchPoints: 'profiles.fp.maxTouchPoints',
  webglVendor: 'profiles.fp.webglVendor',
  webglRenderer: 'profiles.fp.webglRenderer',
  mobileEmulation: 'profiles.fp.mobileEmulation',
  secChUa: 'profiles.fp.secChUa',
  machineGpu: 'profiles.fp.webglMetadata',
};

function valueText({ field, value }: ContradictionSide, t: TFunction): string {
  if (field === 'os') return t(`profiles.os.${String(value)}`);
  if (field === 'secChUa') return t(`profiles.mode.${String(value)}`);
  if (field === 'mobileEmulation') return t(value ? 'consistency.value.on' : 'consistency.value.off');
  if (field === 'deviceMemory') return t('profiles.fp.gigabytes', { count: Number(value) });
  if (field === 'machineGpu') return t('consistency.value.softwareGpu');
  return String(value);
}

// Module-level, so useWatch keeps one selector; it re-renders only when the list changes.
const selectContradictions = (values: ProfileFormValues): Contradiction[] => checkConsistency(values);

/**
 * The profile's contradictions as the user edits (a Windows user agent on a macOS profile, a
 * phone's screen on a desktop): a warning above the tabs, never a reason to refuse saving.
 */
export function ConsistencyWarnings({ form, onShowField }: { form: FormInstance<ProfileFormValues>; onShowField: (path: readonly string[]) => void }) {
  const { t } = useTranslation();
  const contradictions = Form.useWatch(selectContradictions, { form, preserve: true }) ?? [];
  if (contradictions.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="profile-consistency"
      title={t('consistency.title', { count: contradictions.length })}
      description={
        <>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('consistency.hint')}
          </Typography.Paragraph>
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {contradictions.map((c) => (
              <li key={c.code} data-testid={`consistency-${c.code}`}>
                <Typography.Text>{t(`consistency.code.${c.code}`)}</Typography.Text>
                <div>
                  {c.fields.map((side, i) => (
                    <span key={side.field}>
                      {i > 0 ? ' · ' : null}
                      <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} title={t('consistency.showField')} onClick={() => onShowField(side.path)}>
                        {t(fieldLabels[side.field])}
                      </Button>
                      {': '}
                      <Typography.Text code ellipsis={{ tooltip: valueText(side, t) }} style={{ maxWidth: 360, verticalAlign: 'bottom' }}>
                        {valueText(side, t)}
                      </Typography.Text>
                    </span>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
