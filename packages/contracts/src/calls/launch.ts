import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { limits } from '../limits.ts';
import { profileSchema, storedCookieSchema } from '../profiles/profile.ts';
import { deviceNameField, profileLeaseSchema, syncVersionSchema } from '../sync/syncState.ts';

/** An X25519 public key, its 32 raw bytes in base64url: what the agent's device key looks like. */
export const deviceKeyField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'validation.invalid' });

/** What a launch needs and the profile's recipients must not read: sealed to the agent's device key. */
export const launchSecretsSchema = z.object({
  proxyUsername: z.string(),
  proxyPassword: z.string(),
  /** As stored: a start sets those the cookie rule lets through and reports the rest (cookieRule.ts). */
  cookies: z.array(storedCookieSchema).max(limits.cookiesPerProfile),
  /** The profile's state sync key (32 bytes, base64url): seals and names its chunks (sync/syncState.ts). */
  syncKey: z.string(),
});
export type LaunchSecrets = z.infer<typeof launchSecretsSchema>;

/**
 * ECIES over X25519: the server's one-time public key, and AES-256-GCM of the secrets' JSON under
 * HKDF-SHA256(shared secret, info "facet-launch-v1"), with the profile id as associated data.
 */
export const sealedLaunchSchema = z.object({ publicKey: z.string(), iv: z.string(), data: z.string() });
export type SealedLaunch = z.infer<typeof sealedLaunchSchema>;

export const profileLaunchCall = defineCall({
  path: 'browser/launch',
  method: 'post',
  access: 'session',
  tag: 'profiles',
  summary:
    'What the desktop agent needs to open a profile (yours or shared with you): its settings without secrets, the proxy credentials, cookies and state key sealed to the agent\'s device key, a grant to save its cookies at stop, the lease that keeps it on this machine, and the newest version of its state. Refused when the plan has expired or another machine has it open.',
  codes: [Code.NOT_FOUND, Code.PLAN_EXPIRED, Code.PROFILE_OPEN_ELSEWHERE, Code.PROXY_RELAY_OFF, Code.SYNC_KEY_UNREADABLE],
  request: z.object({
    id: z.string().min(1).max(40),
    deviceKey: deviceKeyField,
    /** Shown to the team while this machine holds the profile ("running on …"). */
    deviceName: deviceNameField.optional(),
  }),
  response: z.object({
    profile: profileSchema,
    sealed: sealedLaunchSchema,
    grant: z.string(),
    /** This machine's lease on the profile: renew it while the browser runs, release it at the stop. */
    lease: profileLeaseSchema,
    /** The newest stored version of its state, to download before Chromium starts (null: none yet). */
    syncHead: syncVersionSchema.nullable(),
  }),
});

export const apiProfileLaunchCall = forApiToken(profileLaunchCall);
