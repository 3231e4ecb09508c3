import { App } from 'antd';
import { useEffect } from 'react';
import { showNoticesWith, type Notice } from '../lib/notices.ts';

/** Shows what lib/notices.ts is told, with antd's message, notification and modal. */
export function AntdNotices() {
  const { notification, message, modal } = App.useApp();
  useEffect(
    () =>
      showNoticesWith((notice: Notice) => {
        if (notice.kind === 'message') return void message[notice.type](notice.content);
        if (notice.kind === 'modal') return void modal.info({ title: notice.title });
        const { type, key, title, description, duration, testId } = notice;
        notification[type]({ key, title, description, ...(duration === undefined ? {} : { duration }), ...(testId ? { props: { 'data-testid': testId } } : {}) });
      }),
    [notification, message, modal],
  );
  return null;
}
