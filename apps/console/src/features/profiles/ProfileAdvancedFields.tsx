import { FIRST_UNPRIVILEGED_PORT, isDnsServer, parsePortWhitelist, validateCommandLine, validateDebugPort } from '@facet/contracts';
import { fromContract } from '../../lib/formRules.ts';
import { Checkbox, Col, Divider, Form, Input, InputNumber, Row, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { CustomHeadersField } from './CustomHeadersField.tsx';
import { enumOptions } from '../../lib/enumOptions.ts';
import type { ProfileFormValues } from './profileFormModel.ts';

const MAC_ADDRESS = /^([0-9A-F]{2}[:-]){5}[0-9A-F]{2}$/i;
const syncKeys = ['cookies', 'tabs', 'bookmarks', 'history', 'extensions', 'passwords'] as const;

/** Advanced tab: network, debugging and launch details, and what is kept between runs. */
/** `shared`: what runs on the owner's machine (debug port, command line) is the owner's alone; not shown. */
export function ProfileAdvancedFields({ form, shared = false }: { form: FormInstance<ProfileFormValues>; shared?: boolean }) {
  const { t } = useTranslation();
  const guarded = Form.useWatch(['fingerprint', 'portScanProtection', 'enabled'], form) as boolean | undefined;
  return (
    <>
      <CustomHeadersField />
      <Form.Item
        name={['fingerprint', 'dns']}
        label={t('profiles.adv.dns')}
        extra={t('profiles.adv.dnsHint')}
        rules={[{ validator: async (_rule, value: string[] = []) => { if (value.length > 4 || value.some((server) => !isDnsServer(server))) throw new Error(t('profiles.adv.dnsInvalid')); } }]}
      >
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} data-testid="adv-dns" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12} hidden={shared}>
          <Form.Item
            name={['fingerprint', 'remoteDebug', 'port']}
            label={t('profiles.adv.debugPort')}
            extra={t('profiles.adv.debugPortHint')}
            rules={[fromContract((port: number | null) => validateDebugPort(port ?? 0), t)]}
          >
            <InputNumber min={0} max={65535} precision={0} placeholder={`0, ${FIRST_UNPRIVILEGED_PORT}–65535`} style={{ width: '100%' }} data-testid="adv-debug-port" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['fingerprint', 'remoteDebug', 'logLevel']} label={t('profiles.adv.logLevel')}>
            <Select options={enumOptions(['off', 'error', 'warning', 'info', 'verbose'], 'profiles.logLevel', t)} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={['fingerprint', 'portScanProtection', 'enabled']} label={t('profiles.adv.portScan')} valuePropName="checked" extra={t('profiles.adv.portScanHint')}>
        <Switch data-testid="adv-port-scan" />
      </Form.Item>
      {guarded ? (
        <Form.Item
          name={['fingerprint', 'portScanProtection', 'whitelist']}
          label={t('profiles.adv.portWhitelist')}
          rules={[{ validator: async (_rule, value: string) => { const { error } = parsePortWhitelist(value ?? ''); if (error) throw new Error(t(error)); } }]}
        >
          <Input maxLength={1000} placeholder="8000, 12345, 42069" data-testid="adv-port-whitelist" />
        </Form.Item>
      ) : null}
      <Form.Item name={['fingerprint', 'commandLine']} label={t('profiles.adv.commandLine')} extra={t('profiles.adv.commandLineHint')} hidden={shared} rules={[fromContract(validateCommandLine, t)]}>
        <Input.TextArea maxLength={4000} autoSize={{ minRows: 2, maxRows: 6 }} data-testid="adv-command-line" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={['fingerprint', 'deviceName']} label={t('profiles.adv.deviceName')}>
            <Input maxLength={63} data-testid="adv-device-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['fingerprint', 'macAddress']} label={t('profiles.adv.macAddress')} rules={[{ pattern: MAC_ADDRESS, message: t('profiles.adv.macInvalid') }]}>
            <Input maxLength={17} placeholder="00:1A:2B:3C:4D:5E" data-testid="adv-mac" />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start">{t('profiles.sync.title')}</Divider>
      <Row>
        {syncKeys.map((key) => (
          <Col xs={12} md={8} key={key}>
            <Form.Item name={['sync', key]} valuePropName="checked" style={{ marginBottom: 8 }}>
              <Checkbox data-testid={`sync-${key}`}>{t(`profiles.sync.${key}`)}</Checkbox>
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
