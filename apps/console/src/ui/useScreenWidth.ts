import { Grid } from 'antd';

/**
 * How much room the window gives the shell (antd's breakpoints):
 * - wide, 992 px and more: the side menu as the person left it, expanded or folded;
 * - narrow, 576–991 px (a desktop client's small window): the side menu folds to its icons by
 *   itself, so the page keeps the room;
 * - phone, under 576 px: no side menu beside the page (it opens over it), and lists as cards,
 *   as the mobile pages (features/mobile) show theirs.
 * Until antd has measured (before the first paint), wide.
 */
export type ScreenWidth = 'wide' | 'narrow' | 'phone';

export function useScreenWidth(): ScreenWidth {
  const screens = Grid.useBreakpoint();
  if (screens.sm === false) return 'phone';
  if (screens.lg === false) return 'narrow';
  return 'wide';
}
