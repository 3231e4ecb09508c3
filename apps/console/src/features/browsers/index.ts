export { BrowserBatchDialog } from './BrowserBatchDialog.tsx';
export { BrowserCell } from './BrowserCell.tsx';
export { ProxyTestButton } from './ProxyTestButton.tsx';
export { SkippedCookiesNotice } from './SkippedCookiesNotice.tsx';
export { useBrowserBatch } from './useBrowserBatch.ts';
export { useCheckFingerprint } from './useCheckFingerprint.ts';
export { useRunningBrowsers } from './useRunningBrowsers.ts';
export { loadArrangeWindowsDialog } from './loaders.ts';
