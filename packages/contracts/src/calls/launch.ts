import { z } from 'zod';
import { defineCall, forApiToken } from '../call.ts';
import { Code } from '../codes.ts';
import { limits } from '../limits.ts';
import { cookieSchema, profileSchema } from '../profiles/profile.ts';

/** An X25519 public key, its 32 raw bytes in base64url: what the agent's device key looks like. */
export const deviceKeyField = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'validation.invalid' });

/** What a launch needs and the profile's recipients must not read: sealed to the agent's device key. */
export const launchSecretsSchema = z.object({
  proxyUsername: z.string(),
  proxyPassword: z.string(),
  cookies: z.array(cookieSchema).max(limits.cookiesPerProfile),
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
    'What the desktop agent needs to open a profile (yours or shared with you): its settings without secrets, the proxy credentials and cookies sealed to the agent\'s device key, and a grant to save its cookies at stop. Refused when the plan has expired.',
  codes: [Code.NOT_FOUND, Code.PLAN_EXPIRED],
  request: z.object({ id: z.string().min(1).max(40), deviceKey: deviceKeyField }),
  response: z.object({ profile: profileSchema, sealed: sealedLaunchSchema, grant: z.string() }),
});

export const apiProfileLaunchCall = forApiToken(profileLaunchCall);
