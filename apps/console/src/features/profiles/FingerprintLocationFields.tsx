import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch, type FormInstance } from 'antd';
import { deviceMemories } from '@facet/contracts';
import { useTranslation } from 'react-i18next';
import { enumOptions } from '../../lib/enumOptions.ts';
import type { ProfileFormValues } from './profileFormModel.ts';

const fp = (...path: string[]) => ['fingerprint', ...path];

/** Geolocation and what navigator reports (platform, cores, memory, touch, Do Not Track). */
export function FingerprintLocationFields({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const byIp = Form.useWatch(fp('geolocation', 'byIp'), form) as boolean | undefined;
  return (
    <>
      <Divider titlePlacement="start">{t('profiles.fp.geolocation')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={fp('geolocation', 'mode')} label={t('profiles.fp.geolocationMode')}>
            <Radio.Group optionType="button" options={enumOptions(['ask', 'allow', 'block'], 'profiles.mode', t)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={fp('geolocation', 'byIp')} label={t('profiles.fp.geolocationByIp')} valuePropName="checked">
            <Switch data-testid="fp-geolocation-by-ip" />
          </Form.Item>
        </Col>
      </Row>
      {byIp === false ? (
        <Row gutter={16}>
          <Col xs={8}>
            <Form.Item name={fp('geolocation', 'latitude')} label={t('profiles.fp.latitude')}>
              <InputNumber min={-90} max={90} step={0.0001} style={{ width: '100%' }} data-testid="fp-latitude" />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item name={fp('geolocation', 'longitude')} label={t('profiles.fp.longitude')}>
              <InputNumber min={-180} max={180} step={0.0001} style={{ width: '100%' }} data-testid="fp-longitude" />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <Form.Item name={fp('geolocation', 'accuracy')} label={t('profiles.fp.accuracy')}>
              <InputNumber min={1} max={100_000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Divider titlePlacement="start">{t('profiles.fp.navigator')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={fp('navigator', 'platform')} label={t('profiles.fp.platform')}>
            <Input maxLength={50} placeholder="Win32" data-testid="fp-platform" />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={fp('navigator', 'hardwareConcurrency')} label={t('profiles.fp.hardwareConcurrency')}>
            <InputNumber min={1} max={128} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={fp('navigator', 'deviceMemory')} label={t('profiles.fp.deviceMemory')}>
            <Select options={deviceMemories.map((gb) => ({ value: gb, label: gb === 0 ? t('profiles.fp.deviceMemoryMachine') : t('profiles.fp.gigabytes', { count: gb }) }))} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={fp('navigator', 'maxTouchPoints')} label={t('profiles.fp.maxTouchPoints')}>
            <InputNumber min={0} max={10} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name={fp('navigator', 'doNotTrack')} label={t('profiles.fp.doNotTrack')}>
            <Select options={enumOptions(['unset', '1', '0'], 'profiles.dnt', t)} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
