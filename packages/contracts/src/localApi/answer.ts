import { z } from 'zod';
import { Code, type CodeName } from '../codes.ts';

/**
 * The local API answers as AdsPower's does, so its users' scripts read ours unchanged:
 * `{ "code": 0, "msg": "success", "data": … }`, or `{ "code": -1, "msg": <code>, "data"? }`.
 * AdsPower's `msg` is prose; ours is a stable code scripts can branch on (`profile_not_found`),
 * with any detail in `data`. English for people lives in the locale files, never here.
 */
export const LOCAL_API_FAILED = -1;

export function localAnswerSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), msg: z.literal('success'), data: data.optional() });
}

export const localFailureSchema = z.object({
  code: z.literal(LOCAL_API_FAILED),
  msg: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type LocalFailure = z.infer<typeof localFailureSchema>;

/**
 * The codes `msg` takes besides a failed start's (`localApiMessage` in the agent) and the
 * server's refusals (`serverRefusalMessage`). Described once for the OpenAPI document.
 */
export const localApiMessages = {
  unauthorized: 'HTTP 401: no key, a wrong key, or a wrong X-Api-Password.',
  password_required: 'HTTP 401: the local settings set a password; send it as X-Api-Password.',
  not_local: 'HTTP 403: the Host or Origin header is not an address of this machine.',
  not_found: 'HTTP 404: no such path.',
  method_not_allowed: 'HTTP 405: the path takes the other method (see this document).',
  body_too_large: 'HTTP 413: a body over 1 MB.',
  invalid_json: 'The body is not JSON.',
  invalid_parameter: 'A parameter has the wrong shape; data.issues names each (path, zod issue code).',
  profile_id_required: 'None of user_id, profile_id, serial_number, profile_no was given.',
  too_many_profiles: 'ua and new-fingerprint take at most 10 profiles a request.',
  name_required: 'POST /api/v1/profile/create without a name.',
  profile_not_found: 'No profile of the account (or shared with it) has that id or number.',
  group_name_required: 'group/create or group/update without a group_name.',
  group_not_found: 'No group of the account has that id.',
  plugin_not_found: 'No plugin of the team has that id (category_id).',
  browser_not_running: 'The profile has no browser on this machine.',
  browser_running: 'The cache of a profile whose browser runs here cannot be cleared; stop it first.',
  launch_args_refused: 'launch_args named switches Facet does not apply; data.refused lists them.',
  proxy_unsupported: 'user_proxy_config names a proxy provider or a saved proxy (proxyid) Facet does not have.',
  kernel_unsupported: 'browser_kernel_config or download-kernel asks for a kernel other than Chromium (Firefox).',
  kernel_version_invalid: 'download-kernel: kernel_version is not a major version ("141"), latest or ua_auto.',
  kernel_not_installed: 'download-kernel: Facet downloads no browser; no installed kernel has that version. data.installed lists the installed majors, data.install says how to add one.',
  patch_unsupported: 'update-patch: the agent is updated with its package, not patched through the API; data.version is the running agent\'s.',
  proxy_type_unsupported: 'A proxy type other than http, https or socks5 (Facet has no ssh proxy).',
  proxy_host_invalid: 'A proxy host that is neither an IP address nor a host name.',
  proxy_not_found: 'No saved proxy of the account has that proxy_id; data.ids names the ones missing.',
  proxy_password_required: 'proxy-list/update gives a proxy that keeps a password another host without sending the password: it never follows to another host unasked.',
  tag_name_required: 'browser-tags/create or update with an empty tag name.',
  tag_name_too_long: 'A tag name over 30 characters (Facet\'s limit; AdsPower\'s is 50).',
  tag_name_taken: 'A tag name the account already has (any letter case), or given twice in one request; data.name names it.',
  tag_not_found: 'No tag of the account has that id; data.ids names the ones missing.',
  cookie_invalid: 'The cookie parameter could not be read, or a cookie breaks the cookie rule: data.row names the cookie, data.field its field, data.key why.',
  share_type_unsupported: 'share_type 2 (by phone number): Facet accounts are named by user name or e-mail.',
  host_runs_only: 'A host agent\'s local API only finds the browsers it runs for remote use (status, browser/active, local-active): its profiles start and stop from the console.',
  no_account: 'The agent acts as nobody: sign in through the console, or set FACET_API_TOKEN.',
  proxyFailed: 'A failed start: the proxy did not answer or refused (data.reason says how).',
  leader_not_running: 'synchronizer/start: the leader has no browser on this machine (data.user_id).',
  follower_not_running: 'synchronizer/start: a follower has no browser on this machine (data.user_id).',
  synchronizer_running: 'synchronizer/start while a synchronizer runs: stop it first (one at a time per agent).',
  synchronizer_not_running: 'synchronizer/stop, resync or drop with no synchronizer running.',
  not_a_follower: 'synchronizer/resync or drop named a profile that is not one of its followers.',
  follower_unavailable: 'synchronizer/resync of a follower that was dropped or whose browser closed.',
  duplicate_follower: 'synchronizer/start named a follower twice.',
  leader_as_follower: 'synchronizer/start named the leader among the followers.',
  internal_error: 'HTTP 500: the agent failed; its output says why.',
} as const;

/** A server refusal as `msg`: the name of its code in lower case (`plan_expired`, `profile_limit_reached`). */
export function serverRefusalMessage(code: number): string {
  const name = (Object.keys(Code) as CodeName[]).find((key) => Code[key] === code);
  return name ? name.toLowerCase() : `server_${code}`;
}
