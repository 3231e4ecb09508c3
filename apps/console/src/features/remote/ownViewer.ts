import type { RemoteViewer } from '@facet/contracts';

/**
 * Which viewer of a run is this page's socket. The run lists the asking account's sockets as
 * `yours` but not which one is this tab: a socket that joined after `before` (the account's
 * sockets known before this one connected) is this one; with several, the newest (the server lists
 * viewers in the order they joined). With none new, the newest `yours`. When a person opens two
 * tabs on one run at the same moment, the two may pick the same socket: only a viewer id in the
 * ticket's answer would settle it.
 */
export function pickOwnViewer(viewers: readonly RemoteViewer[], before: ReadonlySet<string>): string | null {
  const yours = viewers.filter((viewer) => viewer.yours);
  const fresh = yours.filter((viewer) => !before.has(viewer.id));
  return (fresh.at(-1) ?? yours.at(-1))?.id ?? null;
}

export type ControlView =
  | { kind: 'yours' }
  | { kind: 'other'; name: string }
  | { kind: 'none' };

/** Who controls the run, as this viewer sees it. */
export function controlView(viewers: readonly RemoteViewer[], ownId: string | null): ControlView {
  const controller = viewers.find((viewer) => viewer.controlling);
  if (!controller) return { kind: 'none' };
  if (controller.id === ownId) return { kind: 'yours' };
  return { kind: 'other', name: controller.name };
}
