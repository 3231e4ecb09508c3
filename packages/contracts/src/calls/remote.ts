import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Code } from '../codes.ts';
import { startFailureReasons } from '../startFailure.ts';

/**
 * Profiles opened remotely: run on a team host (calls/hosts.ts) and seen in a browser tab over
 * the server's origin (remote/hostLink.ts: REMOTE_STREAM_PATH). Whoever may run a profile may
 * open it on a host of its team or of the profile owner's team, and watch a run of it; one viewer
 * controls at a time. The profile's cookies and proxy credentials stay on the host.
 */
export const remoteViewerSchema = z.object({
  /** The viewer's stream; stable while its socket is open. */
  id: z.string(),
  /** The account's name as the team sees it. */
  name: z.string(),
  controlling: z.boolean(),
  /** This viewer is one of the asking account's own sockets. */
  yours: z.boolean(),
  /** Asked the controller for control, not yet given. */
  asking: z.boolean(),
});
export type RemoteViewer = z.infer<typeof remoteViewerSchema>;

export const remoteRunStateSchema = z.enum(['starting', 'running', 'failed', 'stopped']);
export type RemoteRunState = z.infer<typeof remoteRunStateSchema>;

export const remoteRunSchema = z.object({
  id: z.string(),
  profileId: z.string(),
  profileName: z.string(),
  hostId: z.string(),
  hostName: z.string(),
  /** Who opened it (the lease's holder). */
  startedBy: z.string(),
  startedAt: z.number(),
  state: remoteRunStateSchema,
  /** Why a start failed (`startError.<reason>`); null otherwise. */
  failure: z.enum(startFailureReasons).nullable(),
  /** The display's size: the profile's screen, whatever the viewer's. Null until it runs. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  viewers: z.array(remoteViewerSchema),
  /** The asking account may stop the run (it opened it, or it owns the profile). */
  mayStop: z.boolean(),
});
export type RemoteRun = z.infer<typeof remoteRunSchema>;

const runIdField = z.string().min(1).max(40);

export const remoteOpenCall = defineCall({
  path: 'remote/open',
  method: 'post',
  access: 'session',
  tag: 'remote',
  summary:
    'Runs a profile on a host for remote use, or answers the run it already has there (to watch it). Refused when the profile runs on another machine, the host is not connected, or the plan has expired.',
  codes: [Code.NOT_FOUND, Code.HOST_NOT_FOUND, Code.HOST_OFFLINE, Code.PROFILE_OPEN_ELSEWHERE, Code.PLAN_EXPIRED, Code.SHARED_ACCESS_TOO_LOW],
  request: z.object({ profileId: z.string().min(1).max(40), hostId: z.string().min(1).max(40) }),
  response: z.object({ run: remoteRunSchema }),
});

export const remoteListCall = defineCall({
  path: 'remote/list',
  method: 'post',
  access: 'session',
  readOnly: true,
  tag: 'remote',
  summary: 'The live remote runs of profiles you may run (all of them, or one run by id), with their viewers and who controls.',
  request: z.object({ runId: runIdField.optional() }),
  response: z.object({ list: z.array(remoteRunSchema) }),
});

export const remoteTicketCall = defineCall({
  path: 'remote/ticket',
  method: 'post',
  access: 'session',
  tag: 'remote',
  summary:
    'A ticket for one viewer socket on a run (REMOTE_STREAM_PATH?ticket=…): usable once, within 30 seconds, bound to this session and the profile. The socket closes within seconds when the session ends, the access ends or the plan expires.',
  codes: [Code.REMOTE_RUN_NOT_FOUND, Code.PLAN_EXPIRED],
  request: z.object({ runId: runIdField }),
  response: z.object({
    ticket: z.string(),
    expiresAt: z.number(),
    path: z.string(),
    /** The id the socket this ticket opens has among the run's viewers (remote/control's `viewerId`). */
    viewerId: z.string(),
  }),
});

export const remoteControlActions = ['take', 'handOver', 'ask', 'release'] as const;

export const remoteControlCall = defineCall({
  path: 'remote/control',
  method: 'post',
  access: 'session',
  tag: 'remote',
  summary:
    'Who controls a run: `take` when no one does, `handOver` from the controller to viewer `to`, `ask` the controller for it, `release` it. Watchers see, and their keys, pointer and clipboard reach nothing.',
  codes: [Code.REMOTE_RUN_NOT_FOUND, Code.REMOTE_NOT_CONTROLLER],
  request: z.object({
    runId: runIdField,
    /** Your viewer socket that acts (a person may have two tabs). */
    viewerId: z.string().min(1).max(64),
    action: z.enum(remoteControlActions),
    to: z.string().min(1).max(64).optional(),
  }),
  response: z.object({ run: remoteRunSchema }),
});

export const remoteStopCall = defineCall({
  path: 'remote/stop',
  method: 'post',
  access: 'session',
  tag: 'remote',
  summary: 'Closes a remote run’s browser on its host (its state is saved as at any close); every viewer’s stream ends.',
  codes: [Code.REMOTE_RUN_NOT_FOUND, Code.PERMISSION_DENIED],
  request: z.object({ runId: runIdField }),
  response: z.object({}),
});

export const remoteWebCalls = /* @__PURE__ */ (() => [remoteOpenCall, remoteListCall, remoteTicketCall, remoteControlCall, remoteStopCall] as const)();
