import { z } from 'zod';
import { languageTags } from './languages.ts';

/**
 * "Check fingerprint": the agent opens a page it serves on loopback inside the profile's running
 * browser. The page reads what sites read (in the window and in a worker), sends that to the
 * agent, and the agent answers with the comparison against what the profile should show, the exit
 * address through the profile's proxy, and the WebRTC and DNS paths. Nothing leaves the machine
 * but the IP check the launch makes anyway.
 */

/** Bridge `checkFingerprint`: `lang` is the console's language, which the page is written in. */
export const checkFingerprintParameterSchema = z.object({
  profileId: z.string().min(1).max(64),
  lang: z.enum(languageTags as [string, ...string[]]).optional(),
});

/** Bridge `checkFingerprint` value, and `data` of the local API's `GET /api/v1/browser/check`. */
export const fingerprintCheckOpenedSchema = z.object({
  /** The check page, with its per-check secret: whoever holds it can read the profile's expected identity. */
  url: z.string(),
});
export type FingerprintCheckOpened = z.infer<typeof fingerprintCheckOpenedSchema>;

/** The local API answer: AdsPower's envelope. */
export const localCheckAnswerSchema = z.object({ code: z.literal(0), msg: z.string(), data: fingerprintCheckOpenedSchema });

/** What one scope (the window, or a dedicated worker) reads. Workers have no screen and no touch. */
export const checkScopeSchema = z.object({
  userAgent: z.string().max(2000),
  platform: z.string().max(200),
  language: z.string().max(100),
  languages: z.array(z.string().max(100)).max(50),
  hardwareConcurrency: z.number().nullable(),
  deviceMemory: z.number().nullable(),
  timeZone: z.string().max(100),
  /** Intl's default locale. */
  locale: z.string().max(100),
  /** -Date.prototype.getTimezoneOffset(), minutes east of UTC. */
  dateOffset: z.number(),
  /** The same, as Intl says the time zone above is offset now; null when Intl cannot tell. */
  zoneOffset: z.number().nullable(),
  webdriver: z.boolean().nullable(),
  userAgentData: z.object({ platform: z.string().max(200), mobile: z.boolean(), brands: z.array(z.string().max(200)).max(20) }).nullable(),
  webgl: z.object({ vendor: z.string().max(500), renderer: z.string().max(500) }).nullable(),
  maxTouchPoints: z.number().nullable().optional(),
  screen: z.object({ width: z.number(), height: z.number(), availWidth: z.number(), availHeight: z.number(), colorDepth: z.number(), pixelRatio: z.number() }).nullable().optional(),
});
export type CheckScope = z.infer<typeof checkScopeSchema>;

/** How a function or getter gave itself away as not the engine's own. */
export const lieTests = ['toString', 'otherRealm', 'prototype', 'constructible', 'ownProperty', 'descriptor'] as const;
export const checkLieSchema = z.object({ surface: z.string().max(200), test: z.enum(lieTests) });

/** What the page sends the agent (POST …/report). */
export const checkObservationSchema = z.object({
  window: checkScopeSchema,
  /** null: the worker did not answer (its error is in `workerError`). */
  worker: checkScopeSchema.nullable(),
  workerError: z.string().max(500).optional(),
  lies: z.array(checkLieSchema).max(500),
  webrtc: z.object({
    /** RTCPeerConnection exists in the page. */
    available: z.boolean(),
    /** ICE candidate lines the page gathered against the agent's STUN server. */
    candidates: z.array(z.string().max(1000)).max(200),
    error: z.string().max(500).optional(),
  }),
});
export type CheckObservation = z.infer<typeof checkObservationSchema>;

/** Fields the check compares; each has its name in the locale files (`fingerprintCheck.field.<name>`). */
export const checkFields = [
  'userAgent',
  'platform',
  'language',
  'languages',
  'locale',
  'timeZone',
  'timezoneOffset',
  'hardwareConcurrency',
  'deviceMemory',
  'maxTouchPoints',
  'screen',
  'webgl',
  'userAgentDataPlatform',
  'userAgentDataMobile',
  'userAgentDataVersion',
  'webdriver',
  'exitTimeZone',
] as const;
export type CheckField = (typeof checkFields)[number];

/**
 * A contradiction: two things a site can read disagree. `against`: what the seen value was held
 * to: the profile's settings, the page's own window (for a worker's value), another reading in
 * the same scope (the offset of Date against Intl's zone), or the exit address's place.
 */
export const checkContradictionSchema = z.object({
  field: z.enum(checkFields),
  against: z.enum(['profile', 'window', 'sameScope', 'exit']),
  scope: z.enum(['window', 'worker']),
  expected: z.string(),
  seen: z.string(),
});
export type CheckContradiction = z.infer<typeof checkContradictionSchema>;

export const webrtcCandidateSchema = z.object({
  /** As the candidate names it: an IP address or an mDNS name (….local). */
  address: z.string(),
  type: z.string(),
  protocol: z.string(),
  /** The address is one of this machine's own (loopback aside). */
  machineAddress: z.boolean(),
});
export type WebrtcCandidate = z.infer<typeof webrtcCandidateSchema>;

/**
 * `disabled`: no WebRTC in the page; `leak`: a candidate names this machine's address, or UDP
 * left outside the profile's proxy (a public STUN server would see the machine's own public
 * address); `protected`: neither.
 */
export const webrtcVerdicts = ['disabled', 'leak', 'protected'] as const;
export const checkWebrtcSchema = z.object({
  verdict: z.enum(webrtcVerdicts),
  /** The profile's setting (replace, forward, real, disabled). */
  setting: z.string(),
  candidates: z.array(webrtcCandidateSchema),
  /** The agent's STUN server on 127.0.0.1 was asked: UDP left the browser outside the proxy. */
  stunReached: z.boolean(),
  /** The profile has a proxy, so traffic outside it shows this machine's own address. */
  proxied: z.boolean(),
  error: z.string().optional(),
});

/**
 * Where the profile's names are resolved, as the agent knows it from the launch: `proxy` (the
 * hop hands names to the upstream, which resolves them on its side), `profileServers` (a direct
 * profile with its own DNS servers), `machine` (a direct profile: this machine's resolver).
 */
export const checkDnsSchema = z.object({
  path: z.enum(['proxy', 'profileServers', 'machine']),
  servers: z.array(z.string()),
  /** Whether a lookup can reveal the machine's resolver: only a direct profile's can. */
  leak: z.boolean(),
});

export const checkExitSchema = z.object({
  /** `ok`: asked through the proxy; `direct`: no proxy, asked from this machine; `failed`: no answer. */
  status: z.enum(['ok', 'direct', 'failed']),
  ip: z.string().nullable(),
  country: z.string().nullable(),
  timeZone: z.string().nullable(),
  /** A startError reason when the check failed. */
  reason: z.string().optional(),
});

/** Things the page cannot check offline; each has a text (`fingerprintCheck.notChecked.<name>`). */
export const notCheckedItems = ['dnsResolver', 'publicStun', 'tlsFingerprint', 'renderedSurfaces'] as const;

/** What the agent answers the page: the whole result (also `window.facetCheck` in the page). */
export const checkReportSchema = z.object({
  profileId: z.string(),
  expected: z.object({
    userAgent: z.string(),
    platform: z.string(),
    languages: z.array(z.string()),
    /** null: the machine's own zone (the profile leaves it). */
    timeZone: z.string().nullable(),
    hardwareConcurrency: z.number(),
    deviceMemory: z.number(),
    screen: z.object({ width: z.number(), height: z.number() }),
    webgl: z.object({ vendor: z.string(), renderer: z.string() }).nullable(),
    /** Fields a page script of Facet carries (its functions are not the engine's: lies a detector can find). */
    pageScriptFields: z.array(z.string()),
  }),
  seen: z.object({ window: checkScopeSchema, worker: checkScopeSchema.nullable() }),
  contradictions: z.array(checkContradictionSchema),
  /**
   * What the profile's own settings claim that cannot all be true, here on this computer
   * (packages/fingerprint's check: a code, texts `consistency.code.<code>`, and the two fields).
   */
  profileContradictions: z.array(z.object({ code: z.string(), fields: z.array(z.object({ field: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) })) })),
  lies: z.array(checkLieSchema),
  exit: checkExitSchema,
  webrtc: checkWebrtcSchema,
  dns: checkDnsSchema,
  notChecked: z.array(z.enum(notCheckedItems)),
});
export type CheckReport = z.infer<typeof checkReportSchema>;
