import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { presentedPasswordField } from '../fields.ts';
import { hostLoadSchema } from '../remote/hostLoad.ts';
import { deviceNameField } from '../sync/syncState.ts';

/**
 * Hosts: Linux machines of the team that run profiles for remote use (remote/hostLink.ts). The
 * team sees them with their load; a main account adds and removes them, re-confirming its password,
 * because a host receives the secrets of every profile opened on it.
 */
export const hostRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Connected to this server now (its link is open). */
  online: z.boolean(),
  /** When its link last reported (ms), null: never joined yet. */
  lastSeenAt: z.number().nullable(),
  /** Its last report; null while it has never reported. */
  load: hostLoadSchema.nullable(),
  createdAt: z.number(),
});
export type HostRow = z.infer<typeof hostRowSchema>;

export const hostListCall = defineCall({
  path: 'host/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'hosts',
  summary:
    'The team’s hosts, each with whether it is connected and its last reported load (processor, memory, profiles, streams). With `profileId`: also the hosts of the team that owns that profile, where you may open it remotely.',
  request: z.object({ profileId: z.string().min(1).max(40).optional() }),
  response: z.object({ list: z.array(hostRowSchema) }),
});

export const hostEnrollCall = defineCall({
  path: 'host/enroll',
  method: 'post',
  access: 'session',
  tag: 'hosts',
  summary:
    'A one-time code that lets a new host join the team (FACET_HOST_CODE on the host), valid for 15 minutes. Main accounts only; re-confirmed with the password.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.WRONG_PASSWORD],
  request: z.object({ passwd: presentedPasswordField, name: deviceNameField.optional() }),
  response: z.object({ code: z.string(), expiresAt: z.number() }),
});

export const hostRemoveCall = defineCall({
  path: 'host/remove',
  method: 'post',
  access: 'session',
  tag: 'hosts',
  summary: 'Removes a host: its token stops working, its link closes and the profiles it runs are closed. Main accounts only; re-confirmed with the password.',
  codes: [Code.MAIN_ACCOUNT_ONLY, Code.WRONG_PASSWORD, Code.NOT_FOUND],
  request: z.object({ id: z.string().min(1).max(40), passwd: presentedPasswordField }),
  response: z.object({}),
});

export const hostWebCalls = /* @__PURE__ */ (() => [hostListCall, hostEnrollCall, hostRemoveCall] as const)();
