import { proxyTypes, validateProxyHost, type ProxyType } from '@facet/contracts';
import { Col, Form, Input, InputNumber, Row, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { enumOptions } from '../../lib/enumOptions.ts';
import type { ProfileFormValues } from './profileFormModel.ts';
import { ProxyPasteInput } from './ProxyPasteInput.tsx';
import { ProxyTestButton } from '../browsers/index.ts';

/** Proxy tab: host and port are required once a type is chosen (spec §5). */
export function ProfileProxyFields({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const type = (Form.useWatch(['proxy', 'type'], form) as ProxyType | undefined) ?? 'none';
  const off = type === 'none';
  return (
    <>
      <ProxyPasteInput form={form} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={['proxy', 'type']} label={t('profiles.proxy.type')}>
            <Select options={enumOptions(proxyTypes, 'profiles.proxy.types', t)} data-testid="proxy-type" />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item
            name={['proxy', 'host']}
            label={t('profiles.proxy.host')}
            dependencies={[['proxy', 'type']]}
            required={!off}
            rules={[
              {
                validator: async (_rule, value: string) => {
                  if (off) return;
                  // The same rule the server applies (contracts validation.ts): a host name or an address.
                  const key = !value?.trim() ? 'validation.proxy.hostRequired' : validateProxyHost(value);
                  if (key) throw new Error(t(key));
                },
              },
            ]}
          >
            <Input maxLength={255} disabled={off} data-testid="proxy-host" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={['proxy', 'port']}
            label={t('profiles.proxy.port')}
            dependencies={[['proxy', 'type']]}
            required={!off}
            rules={[{ validator: async (_rule, value: number | null) => { if (!off && !(typeof value === 'number' && value >= 1 && value <= 65535)) throw new Error(t('validation.proxy.port')); } }]}
          >
            <InputNumber min={0} max={65535} precision={0} disabled={off} style={{ width: '100%' }} data-testid="proxy-port" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={['proxy', 'username']} label={t('profiles.proxy.username')}>
            <Input maxLength={255} disabled={off} autoComplete="off" data-testid="proxy-username" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['proxy', 'password']} label={t('profiles.proxy.password')}>
            <Input.Password maxLength={255} disabled={off} autoComplete="new-password" data-testid="proxy-password" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['proxy', 'country']}
            label={t('profiles.proxy.country')}
            normalize={(value: string) => value.toUpperCase()}
            rules={[{ pattern: /^([A-Z]{2})?$/, message: t('profiles.proxy.countryHint') }]}
          >
            <Input maxLength={2} placeholder="US" data-testid="proxy-country" />
          </Form.Item>
        </Col>
      </Row>
      {off ? null : <ProxyTestButton form={form} />}
      {off ? (
        <Form.Item name={['proxy', 'direct']} label={t('profiles.proxy.direct')} valuePropName="checked" extra={t('profiles.proxy.directHint')}>
          <Switch data-testid="proxy-direct" />
        </Form.Item>
      ) : null}
    </>
  );
}
