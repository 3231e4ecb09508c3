import { ThunderboltOutlined } from '@ant-design/icons';
import {
  DEFAULT_KERNEL_VERSION,
  isKnownKernelVersion,
  operatingSystems,
  START_PAGE_CHECK,
  START_PAGE_IP,
  validateLanguageList,
  validateResolution,
  validateStartPage,
  validateTimeZone,
} from '@facet/contracts';
import { AutoComplete, Button, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fromContract } from '../../lib/formRules.ts';
import { GroupSelect, IconPicker } from '../groups/index.ts';
import { useInstalledKernels } from '../localSettings/index.ts';
import { enumOptions } from '../../lib/enumOptions.ts';

const commonResolutions = ['1920x1080', '1366x768', '1536x864', '1440x900', '1280x720', '2560x1440', '1600x900', '390x844', '412x915'];
const timeZones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** Basic tab: identity of the profile and what the browser says about itself (spec §3, §5). */
/** `owner`: a profile shared with this account, which stays in its owner's group (none of this account's). */
export function ProfileBasicFields({ onGenerate, generating, owner }: { onGenerate: () => void; generating: boolean; owner?: string | undefined }) {
  const { t } = useTranslation();
  const required = { required: true, whitespace: true, message: t('validation.required') };
  // The desktop client offers the majors installed here too; a major that is not installed runs
  // on the default kernel with its user agent following.
  const { majors } = useInstalledKernels();
  // Only majors of the known list (contracts profileFieldRules.ts): the server refuses others.
  const kernelVersions = [...new Set([DEFAULT_KERNEL_VERSION, ...majors])].filter(isKnownKernelVersion).sort((a, b) => Number(b) - Number(a));
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('profiles.field.name')} rules={[required, { max: 100, message: t('validation.tooLong') }]}>
            <Input maxLength={100} data-testid="profile-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {owner === undefined ? (
            <Form.Item name="groupId" label={t('profiles.field.group')} rules={[{ required: true, message: t('validation.required') }]}>
              <GroupSelect testId="profile-group" />
            </Form.Item>
          ) : (
            <Form.Item label={t('profiles.field.group')} extra={t('sharing.ownerGroupNote', { owner })}>
              <Input disabled value={t('sharing.ownersGroup', { owner })} data-testid="profile-owner-group" />
            </Form.Item>
          )}
        </Col>
      </Row>
      <Form.Item name="remark" label={t('profiles.field.remark')}>
        <Input.TextArea maxLength={1500} autoSize={{ minRows: 1, maxRows: 4 }} data-testid="profile-remark" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="os" label={t('profiles.field.os')} rules={[{ required: true, message: t('validation.required') }]}>
            <Select options={enumOptions(operatingSystems, 'profiles.os', t)} data-testid="profile-os" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="kernelVersion" label={t('profiles.field.kernel')} rules={[required]}>
            <Select options={kernelVersions.map((v) => ({ value: v, label: t('profiles.kernelLabel', { version: v }) }))} data-testid="profile-kernel" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('profiles.field.userAgent')} required>
        <Form.Item name="userAgent" noStyle rules={[required]}>
          <Input.TextArea maxLength={1024} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="profile-user-agent" />
        </Form.Item>
        <Button icon={<ThunderboltOutlined />} loading={generating} onClick={onGenerate} style={{ marginTop: 8 }} data-testid="profile-generate">
          {t('profiles.generate')}
        </Button>
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="resolution" label={t('profiles.field.resolution')} rules={[required, fromContract((value: string) => (value.trim() ? validateResolution(value) : null), t)]}>
            <AutoComplete options={commonResolutions.map((value) => ({ value }))} data-testid="profile-resolution" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="startPage" label={t('profiles.field.startPage')} rules={[fromContract(validateStartPage, t)]}>
            {/* A web address, or one of Facet's own pages: the fingerprint check or the IP check. */}
            <AutoComplete
              maxLength={2048}
              placeholder="https://"
              options={[
                { value: START_PAGE_CHECK, label: t('profiles.startPageCheck') },
                { value: START_PAGE_IP, label: t('profiles.startPageIp') },
              ]}
              data-testid="profile-start-page"
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="language" label={t('profiles.field.language')} extra={t('profiles.emptyFollowsIp')} rules={[fromContract(validateLanguageList, t)]}>
            <Input maxLength={200} placeholder="en-US,en" data-testid="profile-language" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="timezone" label={t('profiles.field.timezone')} extra={t('profiles.emptyFollowsIp')} rules={[fromContract(validateTimeZone, t)]}>
            <AutoComplete
              options={timeZones.map((value) => ({ value }))}
              showSearch={{ filterOption: (input, option) => option?.value.toLowerCase().includes(input.toLowerCase()) ?? false }}
              data-testid="profile-timezone"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="iconId" label={t('profiles.field.icon')}>
        <IconPicker />
      </Form.Item>
    </>
  );
}
