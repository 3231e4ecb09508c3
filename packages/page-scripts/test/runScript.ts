import { identityScript, type PageScriptOptions } from '../src/identityScript.ts';

/*
 * The script's own logic against small stand-ins for the browser's interfaces (e2e/tests/
 * launch.test.ts runs it in real Chromium). The script takes `globalThis` as its scope, so a
 * parameter of that name gives it the stand-ins instead of this process's globals.
 */
export const base: PageScriptOptions = {
  navigator: {},
  workerNavigator: {},
  platform: 'Win32',
  noiseSeed: 1,
  canvas: false,
  audio: false,
  webglImage: false,
  webglVendor: '',
  webglRenderer: '',
  webglLimits: null,
  fonts: null,
  mediaDevices: null,
  battery: false,
  webrtc: 'untouched',
};

/** Runs the identity script the options ask for in `scope`, as a page's first script would. */
export function runIn(scope: object, options: Partial<PageScriptOptions>): void {
  const script = identityScript({ ...base, ...options });
  if (script === null) throw new Error('the options ask for no script');
  new Function('globalThis', script)(scope);
}

/** What a built-in does when called on the wrong receiver. */
export const illegal = (): never => {
  throw new TypeError('Illegal invocation');
};
