export { SynchronizerStatusButton } from './SynchronizerStatusButton.tsx';
export { loadSynchronizeDialog, loadSynchronizerPanel } from './loaders.ts';
export type { SynchronizeDialogProps } from './SynchronizeDialog.tsx';
export type { SynchronizerPanelProps } from './SynchronizerPanel.tsx';
