import type { RemoteViewer } from '@facet/contracts';

export type ControlView =
  | { kind: 'yours' }
  | { kind: 'other'; name: string }
  | { kind: 'none' };

/** Who controls the run, as the viewer `ownId` (this tab's socket, named by its ticket) sees it. */
export function controlView(viewers: readonly RemoteViewer[], ownId: string | null): ControlView {
  const controller = viewers.find((viewer) => viewer.controlling);
  if (!controller) return { kind: 'none' };
  if (controller.id === ownId) return { kind: 'yours' };
  return { kind: 'other', name: controller.name };
}
