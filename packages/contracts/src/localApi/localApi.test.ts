import { describe, expect, it } from 'vitest';
import { synchronizerFailures } from '../synchronizer.ts';
import { localApiMessages } from './answer.ts';
import { localSynchronizerStartSchema } from './synchronizer.ts';
import { startRequestOfV1, startRequestOfV2, startV1QuerySchema, startV2BodySchema } from './browser.ts';
import { flagField, intField, listField, profileRefSchema } from './fields.ts';
import { localApiOpenApi } from './openapi.ts';
import { adsProfileBodySchema } from './profileBody.ts';
import { deleteCacheV2BodySchema, listV1QuerySchema, profilesBatchBodySchema } from './profiles.ts';
import { localApiRoutes } from './routes.ts';
import { z } from 'zod';

const issues = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => i.message) ?? [];

describe('local API parameters as AdsPower scripts send them', () => {
  it('reads flags as "1"/"0", numbers and booleans, and refuses anything else', () => {
    expect(['1', 1, true, 'true'].map((v) => flagField.parse(v))).toEqual([true, true, true, true]);
    expect(['0', 0, false, 'false'].map((v) => flagField.parse(v))).toEqual([false, false, false, false]);
    expect(flagField.safeParse('yes').success).toBe(false);
  });

  it('reads numbers given as text, within their range', () => {
    expect(intField(1, 100).parse('50')).toBe(50);
    expect(intField(1, 100).parse(7)).toBe(7);
    expect(intField(1, 100).safeParse('101').success).toBe(false);
    expect(intField(1, 100).safeParse('5.5').success).toBe(false);
  });

  it('reads lists as JSON arrays, the JSON text of one, or comma-separated text', () => {
    const list = listField(z.string(), 5);
    expect(list.parse(['a', 'b'])).toEqual(['a', 'b']);
    expect(list.parse('["--mute-audio","--start-maximized"]')).toEqual(['--mute-audio', '--start-maximized']);
    expect(list.parse('a, b')).toEqual(['a', 'b']);
    expect(list.parse('')).toEqual([]);
    expect(issues(list.safeParse('[not json'))).toEqual(['invalid_list']);
    expect(list.safeParse(['1', '2', '3', '4', '5', '6']).success).toBe(false);
  });

  it('names a profile by user_id, profile_id, serial_number or profile_no, and asks for one when none is given', () => {
    expect(profileRefSchema.parse({ user_id: 'h1yynkm' })).toEqual({ user_id: 'h1yynkm' });
    expect(profileRefSchema.parse({ profile_no: '42' })).toEqual({ profile_no: 42 });
    expect(issues(profileRefSchema.safeParse({}))).toEqual(['profile_id_required']);
    expect(profileRefSchema.safeParse({ user_id: '../../etc' }).success).toBe(false);
  });

  it('turns v1 and v2 start parameters into one start request, the id before the number', () => {
    const v1 = startV1QuerySchema.parse({ user_id: 'abc', serial_number: '3', open_tabs: '1', ip_tab: '0', launch_args: '["--mute-audio"]', headless: '1', clear_cache_after_closing: '1', cdp_mask: '1', selenium: '0' });
    expect(startRequestOfV1(v1)).toEqual({ profile: { id: 'abc' }, headless: true, openStartPage: false, ipTab: false, launchArgs: ['--mute-audio'], clearCacheAfterClosing: true, selenium: false, cdpMask: true });
    const v2 = startV2BodySchema.parse({ profile_no: 7, launch_args: ['--start-maximized'], proxy_detection: '1', delete_cache: 1, selenium: 1 });
    expect(startRequestOfV2(v2)).toEqual({ profile: { serial: 7 }, headless: false, openStartPage: true, ipTab: true, launchArgs: ['--start-maximized'], clearCacheAfterClosing: true, selenium: true, cdpMask: true });
    expect(startRequestOfV2(startV2BodySchema.parse({ profile_id: 'abc', cdp_mask: 0 })).cdpMask).toBe(false);
    expect(startRequestOfV1(startV1QuerySchema.parse({ user_id: 'abc', cdp_mask: '0' })).cdpMask).toBe(false);
    expect(startRequestOfV1(startV1QuerySchema.parse({ user_id: 'abc' })).ipTab).toBeUndefined();
    // Not said: the agent decides (Selenium's host:port as AdsPower's, where it can tell who connects).
    expect(startRequestOfV1(startV1QuerySchema.parse({ user_id: 'abc' })).selenium).toBeUndefined();
    expect(startRequestOfV2(startV2BodySchema.parse({ profile_id: 'abc' })).selenium).toBeUndefined();
  });

  it('reads user/list sorting as AdsPower writes it', () => {
    expect(listV1QuerySchema.parse({ user_sort: '{"last_open_time":"asc"}', page_size: '10' })).toEqual({ user_sort: { field: 'last_open_time', order: 'asc' }, page_size: 10 });
    expect(issues(listV1QuerySchema.safeParse({ user_sort: '{"name":"asc"}' }))).toEqual(['invalid_sort']);
  });

  it('keeps the profile fields AdsPower documents, and those it does not map pass untouched', () => {
    const body = adsProfileBodySchema.parse({
      name: 'A',
      group_id: 0,
      username: 'kept aside',
      repeat_config: ['0'],
      user_proxy_config: { proxy_soft: 'other', proxy_type: 'socks5', proxy_host: '127.0.0.1', proxy_port: '1080' },
      fingerprint_config: { language: ['en-US'], screen_resolution: '1920_1080', flash: 'block' },
    });
    expect(body).toMatchObject({ group_id: '0', user_proxy_config: { proxy_port: 1080 }, fingerprint_config: { language: ['en-US'], screen_resolution: '1920_1080' } });
  });

  it('takes at most 10 profiles for ua and new-fingerprint, and known cache types only', () => {
    expect(issues(profilesBatchBodySchema.safeParse({ profile_id: Array.from({ length: 11 }, (_, i) => `p${i}`) }))).toContain('too_many_profiles');
    expect(profilesBatchBodySchema.parse({ profile_id: ['a'], profile_no: ['2'] })).toEqual({ profile_id: ['a'], profile_no: [2] });
    expect(deleteCacheV2BodySchema.safeParse({ profile_id: ['a'], type: ['cookie', 'passwords'] }).success).toBe(false);
  });
});

describe('the local API OpenAPI document', () => {
  it('has every route of the table, with query parameters for GET and a JSON body for POST', () => {
    const doc = localApiOpenApi('1.2.3') as { info: { version: string }; paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>> };
    expect(doc.info.version).toBe('1.2.3');
    for (const route of Object.values(localApiRoutes)) expect(doc.paths[route.path]?.[route.method.toLowerCase()], route.path).toBeDefined();
    expect(doc.paths['/api/v1/browser/start']!.get!.parameters!.map((p) => p.name)).toEqual(expect.arrayContaining(['user_id', 'serial_number', 'open_tabs', 'ip_tab', 'launch_args', 'headless', 'clear_cache_after_closing']));
    expect(doc.paths['/api/v2/browser-profile/start']!.post!.requestBody).toBeDefined();
  });
});

describe('the synchronizer on the local API', () => {
  it('words every refusal of the synchronizer as a local API message', () => {
    for (const failure of synchronizerFailures) expect(localApiMessages).toHaveProperty(failure);
  });

  it('takes follower ids as a list or as text, and refuses the leader among them', () => {
    expect(localSynchronizerStartSchema.parse({ leader_id: 'a1', follower_ids: 'b1,b2' }).follower_ids).toEqual(['b1', 'b2']);
    expect(localSynchronizerStartSchema.safeParse({ leader_id: 'a1', follower_ids: ['a1'] }).success).toBe(false);
    expect(localSynchronizerStartSchema.safeParse({ leader_id: 'a1', follower_ids: [] }).success).toBe(false);
    expect(localSynchronizerStartSchema.safeParse({ leader_id: 'a1', follower_ids: ['b1', 'b1'] }).success).toBe(false);
    // Options by the local API's snake_case names, checked by the synchronizer's own bounds.
    expect(localSynchronizerStartSchema.parse({ leader_id: 'a1', follower_ids: ['b1'], options: { min_delay_ms: 5, max_delay_ms: 50, jitter_px: 2, navigation_settle_ms: 900 } }).options).toEqual({
      minDelayMs: 5,
      maxDelayMs: 50,
      jitterPx: 2,
      navigationSettleMs: 900,
    });
    expect(localSynchronizerStartSchema.parse({ leader_id: 'a1', follower_ids: ['b1'], options: {} }).options).toMatchObject({ minDelayMs: 20, maxDelayMs: 90 });
    expect(localSynchronizerStartSchema.safeParse({ leader_id: 'a1', follower_ids: ['b1'], options: { min_delay_ms: 90, max_delay_ms: 10 } }).success).toBe(false);
    expect(localSynchronizerStartSchema.safeParse({ leader_id: 'a1', follower_ids: ['b1'], options: { jitter_px: 500 } }).success).toBe(false);
    expect(localSynchronizerStartSchema.safeParse({ leader_id: 'a1', follower_ids: ['b1'], options: { minDelayMs: 5 } }).success).toBe(false);
  });
});
