import type { OperatingSystem } from '@facet/contracts';

/**
 * The identity fields of a profile the check reads, as loose as a form holds them while the user
 * types: anything may be missing, and a cleared number input is null. A ProfileSettings fits.
 */
export interface IdentityFields {
  os?: OperatingSystem | null;
  userAgent?: string | null;
  kernelVersion?: string | null;
  resolution?: string | null;
  language?: string | null;
  timezone?: string | null;
  fingerprint?: {
    navigator?: {
      platform?: string | null;
      hardwareConcurrency?: number | null;
      deviceMemory?: number | null;
      maxTouchPoints?: number | null;
    } | null;
    webglMetadata?: { mode?: 'custom' | 'real' | null; vendor?: string | null; renderer?: string | null } | null;
    mobileEmulation?: boolean | null;
    secChUa?: 'auto' | 'off' | null;
  } | null;
}

/** Every contradiction the check can report; stable ids, translated as `consistency.code.<code>`. */
export const contradictionCodes = [
  'userAgentOs',
  'userAgentKernel',
  'userAgentClientHints',
  'platformOs',
  'webglOs',
  'screenPhoneOnDesktop',
  'screenPortraitOnDesktop',
  'screenDesktopOnMobile',
  'touchMissingOnMobile',
  'touchOnMac',
  'coresForDevice',
  'memoryForDevice',
  'languageTimezone',
  'mobileEmulationOs',
] as const;
/** Contradictions between a profile and the computer it starts on (checkOnMachine). */
export const machineContradictionCodes = ['webglSoftware'] as const;
export type ContradictionCode = (typeof contradictionCodes)[number] | (typeof machineContradictionCodes)[number];

/** The fields a contradiction can name, with where each sits in the profile (the form's name path). */
export const consistencyFieldPaths = {
  os: ['os'],
  userAgent: ['userAgent'],
  kernelVersion: ['kernelVersion'],
  resolution: ['resolution'],
  language: ['language'],
  timezone: ['timezone'],
  platform: ['fingerprint', 'navigator', 'platform'],
  hardwareConcurrency: ['fingerprint', 'navigator', 'hardwareConcurrency'],
  deviceMemory: ['fingerprint', 'navigator', 'deviceMemory'],
  maxTouchPoints: ['fingerprint', 'navigator', 'maxTouchPoints'],
  webglVendor: ['fingerprint', 'webglMetadata', 'vendor'],
  webglRenderer: ['fingerprint', 'webglMetadata', 'renderer'],
  mobileEmulation: ['fingerprint', 'mobileEmulation'],
  secChUa: ['fingerprint', 'secChUa'],
  /** The computer a profile starts on: how it renders WebGL. Resolved in the profile by choosing the machine's own WebGL metadata. */
  machineGpu: ['fingerprint', 'webglMetadata', 'mode'],
} as const satisfies Record<string, readonly string[]>;
export type ConsistencyField = keyof typeof consistencyFieldPaths;

export interface ContradictionSide {
  field: ConsistencyField;
  /** Name path of the field in the profile (and in the profile form). */
  path: readonly string[];
  value: string | number | boolean;
}

/** Two fields of one profile that cannot both be true of one real browser. */
export interface Contradiction {
  code: ContradictionCode;
  fields: readonly [ContradictionSide, ContradictionSide];
}

/** The input with every field present: empty text and null numbers mean "not set". */
export interface Identity {
  os: OperatingSystem | null;
  userAgent: string;
  kernelVersion: string;
  resolution: string;
  language: string;
  timezone: string;
  platform: string;
  hardwareConcurrency: number | null;
  deviceMemory: number | null;
  maxTouchPoints: number | null;
  /** Empty when the profile takes the machine's WebGL metadata (mode "real"). */
  webglVendor: string;
  webglRenderer: string;
  mobileEmulation: boolean;
  secChUa: 'auto' | 'off';
}

export type Rule = (identity: Identity) => Contradiction | null;

/** What the computer a profile starts on is, for the rules that compare a profile with it. */
export interface MachineFacts {
  /** It renders WebGL in software (SwiftShader, llvmpipe): no GPU, or the GPU is turned off. */
  softwareGpu: boolean;
}

export type MachineRule = (identity: Identity, machine: MachineFacts) => Contradiction | null;

export function side<F extends ConsistencyField>(field: F, value: string | number | boolean): ContradictionSide {
  return { field, path: consistencyFieldPaths[field], value };
}

export function contradiction(code: ContradictionCode, a: ContradictionSide, b: ContradictionSide): Contradiction {
  return { code, fields: [a, b] };
}
