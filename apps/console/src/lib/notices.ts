/**
 * What the console tells a person outside any one form: a session that ended, the network gone,
 * a payment settled, a refused call. Said here, shown by antd (app/AntdNotices.tsx), which loads
 * after the sign-in page has shown: what is said before then waits in order and is shown once it
 * has loaded.
 */
export type Notice =
  | { kind: 'notification'; type: 'success' | 'warning' | 'error'; key?: string; title: string; description?: string; duration?: number; testId?: string }
  | { kind: 'message'; type: 'success' | 'warning' | 'error'; content: string }
  | { kind: 'modal'; title: string };

type Show = (notice: Notice) => void;

const waiting: Notice[] = [];
const watchers = new Set<() => void>();
let show: Show | null = null;

export function announce(notice: Notice): void {
  if (show) return show(notice);
  waiting.push(notice);
  for (const watcher of watchers) watcher();
}

/** Shows every notice with `next` from now on, those waiting first; the returned function stops it. */
export function showNoticesWith(next: Show): () => void {
  show = next;
  for (const notice of waiting.splice(0)) next(notice);
  return () => {
    if (show === next) show = null;
  };
}

/** For useSyncExternalStore: whether a notice waits for antd to show it. */
export function subscribeToWaiting(onChange: () => void): () => void {
  watchers.add(onChange);
  return () => watchers.delete(onChange);
}

export const noticeWaits = (): boolean => waiting.length > 0;
