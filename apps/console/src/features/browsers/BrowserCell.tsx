import type { ProfileRow, RunningBrowser, SyncProgressPush } from '@facet/contracts';
import { Flex } from 'antd';
import { runningElsewhere, RunningElsewhereTag, SyncProgressLine } from '../sync/index.ts';
import { BrowserLaunchButton } from './BrowserLaunchButton.tsx';
import { StartFailedTag } from './StartFailedTag.tsx';

interface BrowserCellProps {
  row: ProfileRow;
  /** The desktop client: the open/close control shows. */
  launch: boolean;
  running: RunningBrowser | undefined;
  syncing: SyncProgressPush | undefined;
  /** Offers "Open remotely…" in the open button's menu. */
  onOpenRemotely?: (() => void) | undefined;
}

/**
 * A list row's "Browser" cell: the open/close control (desktop client) with why its last start
 * failed until it starts or is dismissed, "Running on …" when another computer has the profile
 * open (both versions), and the state moving to or from the server while it does.
 */
export function BrowserCell({ row, launch, running, syncing, onOpenRemotely }: BrowserCellProps) {
  const elsewhere = runningElsewhere(row, running !== undefined || syncing !== undefined);
  return (
    <Flex vertical gap={4} align="flex-start" style={{ minWidth: 0 }}>
      {launch ? <BrowserLaunchButton profileId={row.id} running={running} elsewhere={elsewhere} onOpenRemotely={onOpenRemotely} /> : null}
      {launch && running?.state !== 'running' ? <StartFailedTag profileId={row.id} /> : null}
      {elsewhere ? <RunningElsewhereTag profileId={row.id} lease={elsewhere} /> : null}
      {syncing ? <SyncProgressLine progress={syncing} /> : null}
    </Flex>
  );
}
