import { operatingSystems, type OperatingSystem } from '@facet/contracts';
import type { Identity, IdentityFields } from './types.ts';

const text = (value: string | null | undefined) => (typeof value === 'string' ? value.trim() : '');
const count = (value: number | null | undefined) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function operatingSystem(value: unknown): OperatingSystem | null {
  return (operatingSystems as readonly unknown[]).includes(value) ? (value as OperatingSystem) : null;
}

/** The fields the rules read, each present; what is missing or cleared counts as not set. */
export function identityOf(input: IdentityFields): Identity {
  const fp = input.fingerprint ?? {};
  const nav = fp.navigator ?? {};
  const webgl = fp.webglMetadata ?? {};
  // "real" WebGL metadata is the machine's own, filled in at launch: nothing to compare yet.
  const ownWebgl = webgl.mode !== 'real';
  return {
    os: operatingSystem(input.os),
    userAgent: text(input.userAgent),
    kernelVersion: text(input.kernelVersion),
    resolution: text(input.resolution),
    language: text(input.language),
    timezone: text(input.timezone),
    platform: text(nav.platform),
    hardwareConcurrency: count(nav.hardwareConcurrency),
    // 0 is "this computer's own": nothing claimed to compare.
    deviceMemory: nav.deviceMemory === 0 ? null : count(nav.deviceMemory),
    maxTouchPoints: count(nav.maxTouchPoints),
    webglVendor: ownWebgl ? text(webgl.vendor) : '',
    webglRenderer: ownWebgl ? text(webgl.renderer) : '',
    mobileEmulation: fp.mobileEmulation === true,
    // The schema's default is "auto": client hints are sent unless turned off.
    secChUa: fp.secChUa === 'off' ? 'off' : 'auto',
  };
}
