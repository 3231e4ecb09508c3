import { proxySchema, type ProxyTestResult } from '@facet/contracts';
import { Button, Space, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { BridgeCallError } from '../../lib/bridge.ts';
import type { ProfileFormValues } from '../profiles/index.ts';

type Outcome = ({ ok: true } & ProxyTestResult) | { ok: false; message: string } | null;

/**
 * "Test proxy" in the desktop client: the agent checks the proxy as the form holds it, through
 * the same hop a launch uses, and says which exit address answered and how fast — or why not.
 */
export function ProxyTestButton({ form }: { form: FormInstance<ProfileFormValues> }) {
  const { t } = useTranslation();
  const { bridge } = useRuntime();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!bridge) return null;

  const test = async () => {
    const proxy = proxySchema.safeParse(form.getFieldValue('proxy'));
    if (!proxy.success) {
      await form.validateFields([['proxy', 'host'], ['proxy', 'port']]).catch(() => undefined);
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const result = await bridge.request('testProxy', { proxy: proxy.data });
      setOutcome({ ok: true, ...result });
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof BridgeCallError && error.msg ? error.msg : t('startError.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space align="center" style={{ marginBottom: 16 }}>
      <Button onClick={() => void test()} loading={busy} data-testid="proxy-test">
        {t('profiles.proxyTest.button')}
      </Button>
      {outcome ? (
        <Typography.Text type={outcome.ok ? 'success' : 'danger'} data-testid="proxy-test-result">
          {outcome.ok
            ? outcome.country
              ? t('profiles.proxyTest.okWhere', { ip: outcome.ip, latency: outcome.latencyMs, country: outcome.country, timezone: outcome.timezone ?? '' })
              : t('profiles.proxyTest.ok', { ip: outcome.ip, latency: outcome.latencyMs })
            : outcome.message}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
