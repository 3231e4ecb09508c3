import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A screen's heading. antd gives headings a top margin meant for running text; at the top of a
 * screen's card it only pushes the content down, so it is taken off here, once for every screen.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={4} style={{ marginTop: 0 }}>
      {children}
    </Typography.Title>
  );
}
