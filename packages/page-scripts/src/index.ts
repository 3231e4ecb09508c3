export { identityScript, type MediaDeviceCounts, type NavigatorValues, type PageScriptOptions } from './identityScript.ts';
export { synchronizerCaptureScript, MOVE_INTERVAL_MS } from './synchronizer/captureScript.ts';
export { locateExpression, type LocatedBox } from './synchronizer/locateScript.ts';
export type { CapturedInput, CapturedTarget, CapturedViewport } from './synchronizer/capturedInput.ts';
