export { RunningElsewhereTag } from './RunningElsewhereTag.tsx';
export { SavedVersionsDialog } from './SavedVersionsDialog.tsx';
export { SyncEvents } from './SyncEvents.tsx';
export { SyncProgressLine } from './SyncProgressLine.tsx';
export { cachedProfileName } from './cachedProfileName.ts';
export { runningElsewhere, whileOpenSomewhere } from './runningElsewhere.ts';
export { useSyncProgress } from './useSyncProgress.ts';
export { loadSavedVersionsDialog } from './loaders.ts';
