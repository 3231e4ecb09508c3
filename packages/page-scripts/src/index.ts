export { identityScript, type MediaDeviceCounts, type NavigatorValues, type PageScriptOptions } from './identityScript.ts';
