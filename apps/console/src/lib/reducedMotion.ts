import { useSyncExternalStore } from 'react';

/**
 * The system's "reduce motion" setting (WCAG 2.3.3): people who get dizzy from zooming dialogs
 * and sliding menus set it once for every application. antd does not read it by itself; its
 * `motion` token turns its transitions off.
 */
const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function snapshot(): boolean {
  return window.matchMedia(query).matches;
}

/** Whether the system asks for less motion; follows the setting when it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
