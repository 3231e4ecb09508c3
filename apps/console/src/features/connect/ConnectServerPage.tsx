import { BridgeError, bridgeErrorMessageKey, type ClientBootstrap } from '@facet/contracts';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeCallError, BridgeClient } from '../../lib/bridge.ts';
import { allTexts, currentLanguage } from '../../lib/language.ts';
import { storageKeys, writeString } from '../../lib/storage.ts';
import { AuthLayout } from '../../ui/AuthLayout.tsx';

/** first: no server yet; unreachable: the saved one does not answer; change: asked from the sign-in page. */
export type ConnectReason = 'first' | 'unreachable' | 'change';

/**
 * The desktop client's question "which server?": at first start, when the server it knows does
 * not answer, and when the person asks to change it. The agent checks the address answers as a
 * Facet server before it keeps it; a refusal changes nothing.
 */
export function ConnectServerPage({ bootstrap, reason }: { bootstrap: ClientBootstrap; reason: ConnectReason }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ url: string }>();
  const [checking, setChecking] = useState(false);
  const bridge = useMemo(() => new BridgeClient(bootstrap, () => undefined, () => undefined, () => currentLanguage().code), [bootstrap]);
  const server = bootstrap.server ?? '';

  const connect = async ({ url }: { url: string }) => {
    setChecking(true);
    try {
      await bridge.connect();
      const saved = await bridge.request('setServer', { url });
      // A session belongs to the server that made it.
      if (saved.url !== bootstrap.server) writeString(storageKeys.credentials, null);
      window.location.replace('/login');
    } catch (error) {
      const code = error instanceof BridgeCallError ? error.error : BridgeError.FAILED;
      // The bridge's refusals can name local-settings texts, which are not among those this page
      // starts with (packages/i18n/src/entryNamespaces.ts).
      await allTexts().catch((textsError: unknown) => console.error('the rest of the texts did not load', textsError));
      form.setFields([{ name: 'url', errors: [t(bridgeErrorMessageKey[code] ?? 'error.operationFailed', { server: url })] }]);
      setChecking(false);
    }
  };

  const subtitle = reason === 'first' ? t('connect.first') : reason === 'unreachable' ? t('connect.unreachable', { server }) : t('connect.change', { server });
  return (
    <AuthLayout title={t('connect.title')} subtitle={subtitle}>
      {bootstrap.serverFixed ? (
        <Flex vertical gap={16}>
          <Alert type="info" showIcon message={t('connect.fixed', { server })} />
          <Button type="primary" block onClick={() => window.location.reload()}>
            {t('connect.retry')}
          </Button>
        </Flex>
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} initialValues={{ url: server }} onFinish={(values) => void connect(values)}>
          <Form.Item
            name="url"
            label={t('connect.url')}
            extra={t('connect.urlHint')}
            rules={[{ required: true, whitespace: true, message: t('connect.urlRequired') }]}
          >
            <Input autoFocus autoComplete="url" inputMode="url" placeholder="https://facet.example.com" maxLength={2048} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={checking}>
            {checking ? t('connect.checking') : t('connect.submit')}
          </Button>
          {reason === 'unreachable' ? (
            <Button block style={{ marginTop: 8 }} disabled={checking} onClick={() => window.location.replace('/')}>
              {t('connect.retry')}
            </Button>
          ) : null}
          {reason === 'change' ? (
            <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: 'center' }}>
              <Typography.Link onClick={() => window.location.replace('/login')}>{t('connect.back')}</Typography.Link>
            </Typography.Paragraph>
          ) : null}
        </Form>
      )}
    </AuthLayout>
  );
}
