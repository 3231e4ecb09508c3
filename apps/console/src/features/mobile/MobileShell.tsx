import type { Member } from '@facet/contracts';
import { ConfigProvider, Flex, Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../ui/LanguagePicker.tsx';
import { ThemeToggle } from '../../ui/ThemeToggle.tsx';

/** The small-screen frame for /mobile/* (spec §2). */
export function MobileShell({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <Layout style={{ minHeight: '100vh' }} data-member-type={member.type}>
      <Layout.Header style={{ padding: '0 12px', background: 'transparent' }}>
        <Flex align="center" justify="space-between" style={{ height: '100%' }}>
          <Typography.Text strong>{t('app.name')}</Typography.Text>
          <Flex>
            <LanguagePicker />
            <ThemeToggle />
          </Flex>
        </Flex>
      </Layout.Header>
      <Layout.Content style={{ padding: 12, width: '100%', maxWidth: 560, margin: '0 auto' }}>
        {/* Large controls: a finger needs a bigger target than a pointer. */}
        <ConfigProvider componentSize="large">
          <Outlet />
        </ConfigProvider>
      </Layout.Content>
    </Layout>
  );
}
