import { DEFAULT_KERNEL_VERSION, limits, operatingSystems } from '@facet/contracts';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupSelect } from '../groups/index.ts';
import { checkBatchProxies } from './batchProxies.ts';
import { enumOptions } from '../../lib/enumOptions.ts';

/** Schemes a pasted line without one may take; an empty proxy box means no proxy, so "none" is not offered. */
export const batchProxyTypes = ['http', 'https', 'socks5'] as const;

/** The template of a batch: name prefix, group, OS, kernel, proxy type; the count and the proxy lines (each checked, the bad one named). */
export function BatchCreateFields({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('profiles.batch.namePrefix')} extra={t('profiles.batch.namePrefixHint')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
            <Input maxLength={90} disabled={disabled} data-testid="batch-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="groupId" label={t('profiles.field.group')} rules={[{ required: true, message: t('validation.required') }]}>
            <GroupSelect testId="batch-group" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="os" label={t('profiles.field.os')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select options={enumOptions(operatingSystems, 'profiles.os', t)} disabled={disabled} data-testid="batch-os" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="kernelVersion" label={t('profiles.field.kernel')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select options={[{ value: DEFAULT_KERNEL_VERSION, label: t('profiles.kernelLabel', { version: DEFAULT_KERNEL_VERSION }) }]} disabled={disabled} data-testid="batch-kernel" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="count" label={t('profiles.batch.count')} rules={[{ required: true, type: 'integer', min: 1, max: limits.maxBatchCreate, message: t('validation.batchCount') }]}>
            <InputNumber min={1} max={limits.maxBatchCreate} precision={0} disabled={disabled} style={{ width: '100%' }} data-testid="batch-count" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="proxyType" label={t('profiles.batch.proxyType')} extra={t('profiles.batch.proxyTypeHint')}>
        <Select options={enumOptions(batchProxyTypes, 'profiles.proxy.types', t)} disabled={disabled} data-testid="batch-proxy-type" />
      </Form.Item>
      <Form.Item
        name="proxies"
        label={t('profiles.batch.proxies')}
        extra={t('profiles.batch.proxiesHint')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const check = checkBatchProxies(value ?? '');
              if (check.error) throw new Error(t('profiles.batch.badLine', { line: check.error.line, problem: t(check.error.key) }));
            },
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={200_000} disabled={disabled} placeholder="203.0.113.5:8080:user:password" data-testid="batch-proxies" />
      </Form.Item>
    </>
  );
}
