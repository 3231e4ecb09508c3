import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../shell/LanguagePicker.tsx';
import { ThemeToggle } from '../shell/ThemeToggle.tsx';

/** The frame of the sign-in, sign-up and reset pages, with language and theme at hand. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '24px 16px' }}>
      <Flex justify="flex-end" gap={8} style={{ width: '100%', maxWidth: 960 }}>
        <LanguagePicker />
        <ThemeToggle />
      </Flex>
      <Flex vertical align="center" gap={8} style={{ marginTop: 32, marginBottom: 24 }}>
        <img src="/favicon.svg" width={48} height={48} alt="" />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('app.tagline')}</Typography.Text>
      </Flex>
      <Card style={{ width: '100%', maxWidth: 440 }} title={title}>
        {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
        {children}
      </Card>
    </Flex>
  );
}
