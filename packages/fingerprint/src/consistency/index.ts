import { coresForDevice, memoryForDevice, touchMissingOnMobile, touchOnMac } from './hardwareRules.ts';
import { identityOf } from './identity.ts';
import { languageTimezone } from './languageTimezoneRule.ts';
import { mobileEmulationOs } from './mobileEmulationRule.ts';
import { platformOs } from './platformRule.ts';
import { screenDesktopOnMobile, screenPhoneOnDesktop, screenPortraitOnDesktop } from './screenRules.ts';
import { webglSoftware } from './machineRules.ts';
import type { Contradiction, IdentityFields, MachineFacts, MachineRule, Rule } from './types.ts';
import { userAgentClientHints, userAgentKernel, userAgentOs } from './userAgentRules.ts';
import { webglOs } from './webglRule.ts';

export { contradictionCodes, machineContradictionCodes, consistencyFieldPaths, type ConsistencyField, type Contradiction, type ContradictionCode, type ContradictionSide, type IdentityFields, type MachineFacts } from './types.ts';

/** In the order they are reported: what the browser says it is first, then what it has. */
const rules: readonly Rule[] = [
  userAgentOs,
  userAgentKernel,
  userAgentClientHints,
  platformOs,
  webglOs,
  screenPhoneOnDesktop,
  screenPortraitOnDesktop,
  screenDesktopOnMobile,
  touchMissingOnMobile,
  touchOnMac,
  coresForDevice,
  memoryForDevice,
  languageTimezone,
  mobileEmulationOs,
];

/**
 * The contradictions among a profile's identity fields: pairs of values no one real browser
 * shows together. Pure and cheap (no generator data), so a form can run it on every keystroke.
 * Fields left empty for the launch to fill (platform, language and time zone by IP, the machine's
 * WebGL) contradict nothing.
 */
export function checkConsistency(fields: IdentityFields): Contradiction[] {
  const identity = identityOf(fields);
  return rules.map((rule) => rule(identity)).filter((found): found is Contradiction => found !== null);
}

/** Rules that hold a profile against the computer it starts on. */
const machineRules: readonly MachineRule[] = [webglSoftware];

/**
 * checkConsistency, and what the profile claims against the computer it starts on (the agent
 * runs this at every start; the form cannot, not knowing the computer).
 */
export function checkOnMachine(fields: IdentityFields, machine: MachineFacts): Contradiction[] {
  const identity = identityOf(fields);
  return [...checkConsistency(fields), ...machineRules.map((rule) => rule(identity, machine)).filter((found): found is Contradiction => found !== null)];
}
