// What other rooms load on demand, each its own chunk (lib/deferred.tsx): the profile list shows
// without the synchronizer's dialog and panel, which most sessions never open.
export const loadSynchronizeDialog = () => import('./SynchronizeDialog.tsx').then((m) => m.SynchronizeDialog);
export const loadSynchronizerPanel = () => import('./SynchronizerPanel.tsx').then((m) => m.SynchronizerPanel);
