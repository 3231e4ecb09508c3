export { identityScript, type MediaDeviceCounts, type PageScriptOptions } from './identityScript.ts';
