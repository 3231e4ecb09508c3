import { z } from 'zod';
import { deviceKeyField } from '../calls/launch.ts';
import { deviceNameField } from '../sync/syncState.ts';
import { startFailureReasons } from '../startFailure.ts';
import { hostLoadSchema } from './hostLoad.ts';

/**
 * A host agent (a Linux machine with no one at its screen) and the team server. Outside the
 * signed-call layer: the host holds a host token (`fht_…`, stored hashed on the server) and
 * presents it as `Authorization: Bearer` on each of these.
 *
 * - `POST /v2/host/join` once, with the one-time code a main account made (`host/enroll`): the
 *   answer is the host's id and token, kept in the agent's data folder.
 * - `GET /v2/host/link` (WebSocket): the host's one standing connection. JSON text frames, one
 *   message each, as below; the server closes it when the host is removed.
 * - `GET /v2/host/stream/:streamId` (WebSocket): opened by the host when the link asks
 *   (`stream`), carrying one viewer's RFB bytes as binary frames between the run's VNC display
 *   and the server, which joins them to the viewer's socket.
 */
export const HOST_TOKEN_PREFIX = 'fht_';
/** A token that lets a host act for one person on one profile: the launch, its lease and its state (`start`). */
export const RUN_TOKEN_PREFIX = 'frt_';

export const HOST_JOIN_PATH = '/v2/host/join';
export const HOST_LINK_PATH = '/v2/host/link';
export const HOST_STREAM_PATH = '/v2/host/stream/';
/** Where a viewer's browser opens its stream, with `?ticket=` (remote/ticket). */
export const REMOTE_STREAM_PATH = '/v2/remote/stream';

/**
 * The close codes of a viewer's stream socket, so its page can say why it ended: the run ended
 * (the browser closed), the viewer's access ended (a revoked share, an ended session, an expired
 * plan), the host did not answer, or the viewer sent what is not RFB. A ticket refused at the
 * opening answers HTTP 401 instead (the socket never opens).
 */
export const REMOTE_STREAM_CLOSE = { ended: 4000, revoked: 4003, hostAway: 4004, refused: 4008 } as const;

/** The enrollment code a main account hands to a new host: shown once, usable once, for 15 minutes. */
export const hostCodeField = z.string().trim().regex(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/, { message: 'validation.invalid' });

export const hostJoinRequestSchema = z.object({
  code: hostCodeField,
  /** What the team sees as the host's name ("running on …"). */
  name: deviceNameField,
  /** The host's device key: launches for remote use are sealed to it. */
  deviceKey: deviceKeyField,
});
export type HostJoinRequest = z.infer<typeof hostJoinRequestSchema>;

export const hostJoinResponseSchema = z.object({ hostId: z.string(), token: z.string() });
export type HostJoinResponse = z.infer<typeof hostJoinResponseSchema>;

const runIdField = z.string().min(1).max(40);
const streamIdField = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);

/** Server → host. */
export const hostCommandSchema = z.discriminatedUnion('type', [
  /**
   * Start `profileId` for remote use, as the person who asked: every server call of this start
   * (launch, lease beats, state, cookies, plugins) goes with `runToken`, which reaches that one
   * profile from this host and nothing else, and ends with the run.
   */
  z.object({ type: z.literal('start'), runId: runIdField, profileId: z.string().min(1).max(40), runToken: z.string().min(20).max(200) }),
  /** Close the run's browser (its state is saved as at any stop) and its display. */
  z.object({ type: z.literal('stop'), runId: runIdField }),
  /** A viewer joined: open `HOST_STREAM_PATH + streamId` and join it to the run's display. */
  z.object({ type: z.literal('stream'), runId: runIdField, streamId: streamIdField }),
  /** A viewer left or lost its access: close that stream now. */
  z.object({ type: z.literal('endStream'), streamId: streamIdField }),
]);
export type HostCommand = z.infer<typeof hostCommandSchema>;

/** Host → server. */
export const hostReportSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('load'), load: hostLoadSchema }),
  /** The run's browser is up on a display of this size (the profile's screen). */
  z.object({ type: z.literal('started'), runId: runIdField, width: z.number().int().min(1).max(16384), height: z.number().int().min(1).max(16384) }),
  /** The start failed before a browser ran; `reason` as the desktop client would show it (`startError.<reason>`). */
  z.object({ type: z.literal('failed'), runId: runIdField, reason: z.enum(startFailureReasons) }),
  /** The run's browser is gone (closed, crashed, its access ended); its display too. */
  z.object({ type: z.literal('stopped'), runId: runIdField }),
]);
export type HostReport = z.infer<typeof hostReportSchema>;

/** The largest link message either side accepts; anything longer closes the link. */
export const HOST_LINK_MAX_MESSAGE_BYTES = 16 * 1024;
