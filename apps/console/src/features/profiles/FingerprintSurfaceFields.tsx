import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { canvasModes } from '@facet/contracts';
import { enumOptions } from '../../lib/enumOptions.ts';
import type { ProfileFormValues } from './profileFormModel.ts';

const fp = (...path: string[]) => ['fingerprint', ...path];

/** Rendering and device surfaces a site can read: noise, WebGL, fonts, media, battery, TLS, WebRTC. */
export function FingerprintSurfaceFields({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const webglMode = Form.useWatch(fp('webglMetadata', 'mode'), form) as string | undefined;
  const canvasMode = Form.useWatch(fp('canvas'), form) as (typeof canvasModes)[number] | undefined;
  const audioMode = Form.useWatch(fp('audio'), form) as string | undefined;
  const webglImageMode = Form.useWatch(fp('webglImage'), form) as string | undefined;
  // What each choice costs: replaced functions a lie detector sees, or readings shared with every profile on the computer.
  const cost = (surface: 'audio' | 'webglImage' | 'webglMetadata' | 'mediaDevices', mode: string | undefined, fallback: string) => t(`profiles.fp.costs.${surface}.${mode ?? fallback}`);
  const costOf = { canvas: t(`profiles.fp.canvasCost.${canvasMode ?? 'rendering'}`), audio: cost('audio', audioMode, 'noise'), webglImage: cost('webglImage', webglImageMode, 'noise') };
  const fontsMode = Form.useWatch(fp('fonts', 'mode'), form) as string | undefined;
  const mediaMode = Form.useWatch(fp('mediaDevices', 'mode'), form) as string | undefined;
  const sslMode = Form.useWatch(fp('ssl', 'mode'), form) as string | undefined;
  const modes = (values: readonly string[]) => <Radio.Group optionType="button" options={enumOptions(values, 'profiles.mode', t)} />;

  return (
    <>
      <Row gutter={16}>
        {(['canvas', 'audio', 'webglImage'] as const).map((key) => (
          <Col xs={24} md={8} key={key}>
            <Form.Item name={fp(key)} label={t(`profiles.fp.${key}`)} extra={costOf[key]} data-testid={`fp-${key}`}>
              {modes(key === 'canvas' ? canvasModes : ['noise', 'real'])}
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name={fp('webglMetadata', 'mode')} label={t('profiles.fp.webglMetadata')} extra={cost('webglMetadata', webglMode, 'custom')}>
        {modes(['custom', 'real'])}
      </Form.Item>
      {webglMode === 'custom' ? (
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name={fp('webglMetadata', 'vendor')} label={t('profiles.fp.webglVendor')}>
              <Input maxLength={200} data-testid="fp-webgl-vendor" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name={fp('webglMetadata', 'renderer')} label={t('profiles.fp.webglRenderer')}>
              <Input maxLength={300} data-testid="fp-webgl-renderer" />
            </Form.Item>
          </Col>
        </Row>
      ) : null}
      <Divider />
      <Form.Item name={fp('fonts', 'mode')} label={t('profiles.fp.fonts')}>
        {modes(['custom', 'real'])}
      </Form.Item>
      {fontsMode === 'custom' ? (
        <Form.Item name={fp('fonts', 'list')} label={t('profiles.fp.fontList')}>
          <Select mode="tags" maxTagCount="responsive" tokenSeparators={[',', '\n']} open={false} data-testid="fp-fonts" />
        </Form.Item>
      ) : null}
      <Form.Item name={fp('mediaDevices', 'mode')} label={t('profiles.fp.mediaDevices')} extra={cost('mediaDevices', mediaMode, 'custom')}>
        {modes(['custom', 'real', 'off'])}
      </Form.Item>
      {mediaMode === 'custom' ? (
        <Row gutter={16}>
          {(['audioInputs', 'videoInputs', 'audioOutputs'] as const).map((key) => (
            <Col xs={8} key={key}>
              <Form.Item name={fp('mediaDevices', key)} label={t(`profiles.fp.${key}`)}>
                <InputNumber min={0} max={8} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      ) : null}
      <Divider />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name={fp('battery')} label={t('profiles.fp.battery')}>
            {modes(['custom', 'real'])}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={fp('secChUa')} label={t('profiles.fp.secChUa')}>
            {modes(['auto', 'off'])}
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={fp('webrtc')} label={t('profiles.fp.webrtc')}>
            <Select options={enumOptions(['replace', 'forward', 'real', 'disabled'], 'profiles.mode', t)} data-testid="fp-webrtc" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name={fp('ssl', 'mode')} label={t('profiles.fp.ssl')}>
        {modes(['default', 'custom'])}
      </Form.Item>
      {sslMode === 'custom' ? (
        <Form.Item name={fp('ssl', 'disabledCiphers')} label={t('profiles.fp.disabledCiphers')} extra={t('profiles.fp.disabledCiphersHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} />
        </Form.Item>
      ) : null}
      <Row gutter={16}>
        {(['mobileEmulation', 'languageByIp', 'timezoneByIp'] as const).map((key) => (
          <Col xs={24} md={8} key={key}>
            <Form.Item name={fp(key)} label={t(`profiles.fp.${key}`)} valuePropName="checked">
              <Switch data-testid={`fp-${key}`} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </>
  );
}
