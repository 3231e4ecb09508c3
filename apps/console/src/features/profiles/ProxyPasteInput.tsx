import { parseProxyLine, type ProxyType } from '@facet/contracts';
import { Button, Form, Input, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileFormValues } from './profileFormModel.ts';

/**
 * "Paste proxy" (spec §5: IP:port:user:password, or scheme://user:password@host:port): fills the
 * proxy fields, or says what is wrong with the line. The pasted text itself is not a form value.
 */
export function ProxyPasteInput({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const apply = () => {
    const { proxy, error } = parseProxyLine(text);
    if (!proxy) return setProblem(error ?? 'validation.proxy.format');
    const currentType = form.getFieldValue(['proxy', 'type']) as ProxyType;
    form.setFieldsValue({
      proxy: {
        type: proxy.scheme ?? (currentType === 'none' ? 'http' : currentType),
        host: proxy.host,
        port: proxy.port,
        username: proxy.user ?? '',
        password: proxy.password ?? '',
        direct: false,
      },
    });
    form.setFields([{ name: ['proxy', 'host'], errors: [] }, { name: ['proxy', 'port'], errors: [] }]);
    setProblem(null);
    setText('');
  };

  return (
    <Form.Item label={t('profiles.proxy.paste')} validateStatus={problem ? 'error' : undefined} help={problem ? t(problem) : t('profiles.proxy.pasteHint')}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={text}
          onChange={(event) => setText(event.target.value)}
          onPressEnter={(event) => {
            // Enter applies the line instead of submitting the whole profile form.
            event.preventDefault();
            apply();
          }}
          placeholder="203.0.113.5:8080:user:password"
          data-testid="proxy-paste"
        />
        <Button onClick={apply} data-testid="proxy-paste-apply">
          {t('profiles.proxy.pasteApply')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
