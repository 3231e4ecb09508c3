import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const MAX_HEADERS = 20;

/** Extra request headers the profile sends: name/value rows, at most 20. */
export function CustomHeadersField() {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('profiles.adv.customHeaders')}>
      <Form.List name={['fingerprint', 'customHeaders']}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Flex key={field.key} gap={8} align="start">
                <Form.Item
                  name={[field.name, 'name']}
                  style={{ flex: 1, marginBottom: 8 }}
                  rules={[{ required: true, message: t('validation.required') }, { pattern: HEADER_NAME, message: t('profiles.adv.headerNameInvalid') }]}
                >
                  <Input placeholder={t('profiles.adv.headerName')} maxLength={100} />
                </Form.Item>
                <Form.Item name={[field.name, 'value']} style={{ flex: 2, marginBottom: 8 }}>
                  <Input placeholder={t('profiles.adv.headerValue')} maxLength={2000} />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('profiles.adv.removeHeader')} onClick={() => remove(field.name)} />
              </Flex>
            ))}
            <Button icon={<PlusOutlined />} disabled={fields.length >= MAX_HEADERS} onClick={() => add({ name: '', value: '' })} data-testid="header-add">
              {t('profiles.adv.addHeader')}
            </Button>
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
