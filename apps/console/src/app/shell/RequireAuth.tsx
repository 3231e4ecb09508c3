import { ApiError } from '@facet/api-client';
import type { Member } from '@facet/contracts';
import { Button, Flex, Spin } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useRuntime } from '../../lib/RuntimeContext.tsx';
import { useMember } from '../../features/auth/index.ts';

// Only a failed sign-in check shows Result (10.7 kB gzip with its pictures), and every signed-in
// page passes through here first. The browser list, where the desktop client lands, has no
// Result of its own: a plain import put it in that page's first load (measured 2026-11-29).
const Result = lazy(() => import('antd/es/result'));

/** Renders `children(member)` for a signed-in person; sends everyone else to /login. */
export function RequireAuth({ children }: { children: (member: Member) => ReactNode }) {
  const { t } = useTranslation();
  const { credentials } = useRuntime();
  const location = useLocation();
  const member = useMember();
  if (!credentials.load()) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  if (member.data) return <>{children(member.data)}</>;
  if (member.error && !(member.error instanceof ApiError && member.error.isSessionProblem)) {
    return (
      <Suspense fallback={null}>
        <Result
          status="warning"
          title={member.error instanceof ApiError ? member.error.msg : t('error.unknown')}
          extra={<Button onClick={() => void member.refetch()}>{t('common.retry')}</Button>}
        />
      </Suspense>
    );
  }
  return (
    <Flex align="center" justify="center" style={{ minHeight: '60vh' }}>
      <Spin size="large" />
    </Flex>
  );
}
