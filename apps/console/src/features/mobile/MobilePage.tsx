import { LeftOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * One mobile screen: a back arrow to its parent screen, the title, then the content in one
 * column. `back` is a path rather than history: a screen opened from a link or after a payment
 * still has a way up.
 */
export function MobilePage({
  title,
  back,
  testId,
  dataAttributes,
  children,
}: {
  title: ReactNode;
  back?: string;
  testId: string;
  /** State a test or a script reads off the screen (`data-order`). */
  dataAttributes?: Record<`data-${string}`, string>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex vertical gap={12} data-testid={testId} {...dataAttributes}>
      <Flex align="center" gap={4} style={{ minHeight: 48 }}>
        {back ? <Button type="text" icon={<LeftOutlined />} aria-label={t('common.back')} onClick={() => void navigate(back)} data-testid="mobile-back" /> : null}
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      </Flex>
      {children}
    </Flex>
  );
}
