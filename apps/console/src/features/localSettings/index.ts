export { LocalSettingsButton } from './LocalSettingsButton.tsx';
export { useInstalledKernels } from './useInstalledKernels.ts';
