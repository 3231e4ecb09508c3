import { z } from 'zod';
import { browserBatchOutcomes } from '../bridge/batches.ts';
import { fingerprintCheckOpenedSchema } from '../fingerprintCheck.ts';
import { skippedCookieSchema } from '../profiles/cookieRule.ts';
import { hasControlCharacters } from '../profiles/profileFieldRules.ts';
import { flagField, listField, localIdField, profileRefFields, profileRefOf, type ProfileRef } from './fields.ts';

/** A switch or a page for this start: `--name[=value]` or an http(s) address; at most 50, no control characters (a NUL cannot reach a process's arguments). */
const launchArgsField = listField(z.string().trim().min(1).max(2000).refine((arg) => !hasControlCharacters(arg)), 50);

/**
 * Options AdsPower's start takes that Facet accepts and has no use for: password filling and
 * saving (Facet keeps no site passwords), the phone-mode scale and the new IP page.
 */
const acceptedOnly = {
  new_first_tab: flagField.optional(),
  disable_password_filling: flagField.optional(),
  enable_password_saving: flagField.optional(),
  password_filling: flagField.optional(),
  password_saving: flagField.optional(),
  device_scale: z.union([z.number(), z.string().max(10)]).optional(),
};

/**
 * `cdp_mask` (AdsPower's, on unless 0): whether what attaches through `ws.puppeteer` is kept
 * from showing itself to pages (apps/agent/src/browser/cdp/cdpMask.ts). 0 names the endpoint with
 * `?cdp_mask=0`; the choice is the client's, per connection.
 */
const cdpMaskField = { cdp_mask: flagField.optional() };

/** `GET /api/v1/browser/start`: AdsPower's query, plus `selenium=0` (Facet's) to keep `ws.selenium` shut. */
export const startV1QuerySchema = z
  .object({
    ...profileRefFields,
    /** 1: open neither the profile's start page nor other pages, only a blank tab. */
    open_tabs: flagField.optional(),
    /** 1: also open the IP check page; 0: not even when it is the profile's start page. Left out: the profile's own choice. */
    ip_tab: flagField.optional(),
    launch_args: launchArgsField.optional(),
    headless: flagField.optional(),
    clear_cache_after_closing: flagField.optional(),
    selenium: flagField.optional(),
    ...cdpMaskField,
    ...acceptedOnly,
  })
  .refine((input) => profileRefOf(input) !== null, { message: 'profile_id_required', path: ['user_id'] });

/** `POST /api/v2/browser-profile/start`: AdsPower's body (`proxy_detection` is v1's `ip_tab`, `delete_cache` its `clear_cache_after_closing`). */
export const startV2BodySchema = z
  .object({
    ...profileRefFields,
    launch_args: launchArgsField.optional(),
    headless: flagField.optional(),
    /** 1 (AdsPower's default): reopen the last session's tabs. Facet opens the start page either way. */
    last_opened_tabs: flagField.optional(),
    proxy_detection: flagField.optional(),
    delete_cache: flagField.optional(),
    selenium: flagField.optional(),
    ...cdpMaskField,
    ...acceptedOnly,
  })
  .refine((input) => profileRefOf(input) !== null, { message: 'profile_id_required', path: ['profile_id'] });

/** What both versions of start ask for, in Facet's words. */
export interface StartRequest {
  profile: ProfileRef;
  headless: boolean;
  /** Open the profile's start page (false: a blank tab). */
  openStartPage: boolean;
  /** true: open the IP check page as well; false: never; undefined: as the profile's start page says. */
  ipTab: boolean | undefined;
  launchArgs: string[];
  clearCacheAfterClosing: boolean;
  /**
   * Open the debugging port for Selenium's host:port (`ws.selenium`): true (`selenium=1`), false
   * (`selenium=0`), or undefined when the script did not say — then the agent opens it as
   * AdsPower's every start does where it can tell that only this user's programs get through
   * (Linux), and keeps it shut elsewhere.
   */
  selenium: boolean | undefined;
  /** Mask what attaches through `ws.puppeteer` (cdp_mask, default on). */
  cdpMask: boolean;
}

export function startRequestOfV1(query: z.output<typeof startV1QuerySchema>): StartRequest {
  return {
    profile: profileRefOf(query)!,
    headless: query.headless === true,
    openStartPage: query.open_tabs !== true,
    ipTab: query.ip_tab,
    launchArgs: query.launch_args ?? [],
    clearCacheAfterClosing: query.clear_cache_after_closing === true,
    selenium: query.selenium,
    cdpMask: query.cdp_mask !== false,
  };
}

export function startRequestOfV2(body: z.output<typeof startV2BodySchema>): StartRequest {
  return {
    profile: profileRefOf(body)!,
    headless: body.headless === true,
    openStartPage: true,
    ipTab: body.proxy_detection,
    launchArgs: body.launch_args ?? [],
    clearCacheAfterClosing: body.delete_cache === true,
    selenium: body.selenium,
    cdpMask: body.cdp_mask !== false,
  };
}

/** Where scripts attach: `puppeteer` (also Playwright's connectOverCDP), `selenium` (host:port; '' after selenium=0). */
export const browserWsSchema = z.object({ selenium: z.string(), puppeteer: z.string() });

/** `data` of a start, and of `active` for a running profile. */
export const startedBrowserSchema = z.object({
  ws: browserWsSchema,
  debug_port: z.string(),
  /** A chromedriver matching the profile's Chromium, for Selenium; '' when none is installed. */
  webdriver: z.string(),
  /** Facet's own: stored cookies the start left out, the browser refusing them (issue 34). Absent when none were. */
  skipped_cookies: z.array(skippedCookieSchema).optional(),
});
export type StartedBrowser = z.infer<typeof startedBrowserSchema>;

/** `GET /api/v1/browser/stop`, `browser/active` and `browser/check`: one profile by id or number. */
export const profileQuerySchema = z
  .object(profileRefFields)
  .refine((input) => profileRefOf(input) !== null, { message: 'profile_id_required', path: ['user_id'] });

export const checkQuerySchema = z
  .object({
    ...profileRefFields,
    /** A locale tag (de, zh-CN) or the console's language number; English otherwise. */
    lang: z.string().max(20).optional(),
    headless: flagField.optional(),
  })
  .refine((input) => profileRefOf(input) !== null, { message: 'profile_id_required', path: ['user_id'] });

export const checkOpenedSchema = fingerprintCheckOpenedSchema;

export const activeBrowserSchema = z.union([
  startedBrowserSchema.extend({ status: z.literal('Active') }),
  z.object({ status: z.literal('Inactive') }),
]);

export const localActiveSchema = z.object({ list: z.array(startedBrowserSchema.extend({ user_id: z.string() })) });

/**
 * `data` of `POST /api/v2/browser-profile/stop-all`: AdsPower's own client reads the outcome
 * from `data.code` (packages/core/src/handlers/browser.ts of AdsPower/adspower-browser), so it
 * is repeated there, with how many browsers were stopped.
 */
/**
 * Facet's own: open or close many profiles at once (`user_ids`, at most 100), at most three at a
 * time over every batch of the machine, as the desktop client's selection does. The call answers
 * when the batch has ended, with each profile's outcome (`skipped`: already running for a
 * start, not running for a stop) and, for a failed start, its reason.
 */
export const localBatchBodySchema = z.object({
  user_ids: listField(localIdField, 100).pipe(z.array(z.string()).min(1, 'profile_id_required')),
  headless: flagField.optional(),
});
export const localBatchResultSchema = z.object({
  results: z.array(z.object({ user_id: z.string(), outcome: z.enum(browserBatchOutcomes), reason: z.string().optional() })),
});

export const stopAllSchema = z.object({ code: z.literal(0), msg: z.literal('success'), stopped: z.number().int() });
