import { Button, Flex, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/errorText.ts';

/** What a screen shows until its data is there: a spinner, or the refusal with a retry. */
export function QueryStatus({ error, onRetry, testId }: { error: unknown; onRetry: () => void; testId?: string }) {
  const { t } = useTranslation();
  if (!error) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  return (
    <Result
      status="warning"
      title={errorText(error, t)}
      extra={<Button onClick={onRetry}>{t('common.retry')}</Button>}
      data-testid={testId}
    />
  );
}
