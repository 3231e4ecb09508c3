import { z } from 'zod';
import {
  activeBrowserSchema,
  localBatchBodySchema,
  localBatchResultSchema,
  checkOpenedSchema,
  checkQuerySchema,
  localActiveSchema,
  profileQuerySchema,
  startedBrowserSchema,
  startV1QuerySchema,
  startV2BodySchema,
  stopAllSchema,
} from './browser.ts';
import { profileRefSchema } from './fields.ts';
import { cloudActiveBodySchema, cloudActiveSchema } from './cloudActive.ts';
import { adsKernelListSchema, kernelDownloadBodySchema, kernelDownloadedSchema, kernelListQuerySchema, patchUpdateBodySchema } from './kernels.ts';
import { proxyCreateBodySchema, proxyCreatedSchema, proxyDeleteBodySchema, proxyListBodySchema, proxyListSchema, proxyUpdateBodySchema } from './proxies.ts';
import { tagCreateBodySchema, tagDeleteBodySchema, tagListBodySchema, tagListSchema, tagsChangedSchema, tagUpdateBodySchema } from './tags.ts';
import { applicationListQuerySchema, applicationListSchema, categoryListQuerySchema, categoryListSchema, adsGroupSchema, groupCreateBodySchema, groupListQuerySchema, groupListSchema, groupUpdateBodySchema } from './groups.ts';
import { adsProfileBodySchema, createdV1Schema, createdV2Schema, facetCreateBodySchema } from './profileBody.ts';
import {
  cacheClearedSchema,
  cookiesQuerySchema,
  cookiesSchema,
  deleteCacheV2BodySchema,
  deleteV1BodySchema,
  deleteV2BodySchema,
  facetListQuerySchema,
  facetListSchema,
  listV1QuerySchema,
  listV1Schema,
  listV2BodySchema,
  listV2Schema,
  profilesBatchBodySchema,
  regroupBodySchema,
  shareBodySchema,
  sharedSchema,
  updateV1BodySchema,
  updateV2BodySchema,
  userAgentsSchema,
} from './profiles.ts';
import { localSynchronizerFollowerSchema, localSynchronizerStartSchema, localSynchronizerStatusSchema } from './synchronizer.ts';

/**
 * One path of the local API, described once: the agent parses and dispatches by it (a path
 * without a handler refuses to start), and the OpenAPI document is generated from it. `input` is
 * the query of a GET and the JSON body of a POST; `data` what a success answers in `data`.
 */
export interface LocalRoute<I extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  tag: 'status' | 'browser' | 'profiles' | 'groups' | 'applications' | 'proxies' | 'tags' | 'kernels' | 'facet';
  summary: string;
  input: I;
  data: D;
}

function route<I extends z.ZodType, D extends z.ZodType>(definition: LocalRoute<I, D>): LocalRoute<I, D> {
  return definition;
}

const nothing = z.object({}).loose();
const noData = z.undefined();

export const localApiRoutes = {
  status: route({ method: 'GET', path: '/status', tag: 'status', summary: 'Whether the local API answers (AdsPower\'s path).', input: nothing, data: noData }),
  statusV1: route({ method: 'GET', path: '/api/v1/status', tag: 'status', summary: 'Whether the local API answers.', input: nothing, data: noData }),

  startV1: route({
    method: 'GET',
    path: '/api/v1/browser/start',
    tag: 'browser',
    summary: 'Start a profile\'s browser (or get the one running) and where scripts attach. Changes state on GET, as AdsPower\'s does; the key is still required.',
    input: startV1QuerySchema,
    data: startedBrowserSchema,
  }),
  stopV1: route({ method: 'GET', path: '/api/v1/browser/stop', tag: 'browser', summary: 'Stop a profile\'s browser (its cookies are saved as its sync options say).', input: profileQuerySchema, data: noData }),
  activeV1: route({ method: 'GET', path: '/api/v1/browser/active', tag: 'browser', summary: 'Whether a profile\'s browser runs here, and where scripts attach.', input: profileQuerySchema, data: activeBrowserSchema }),
  localActive: route({ method: 'GET', path: '/api/v1/browser/local-active', tag: 'browser', summary: 'Every browser running on this machine.', input: nothing, data: localActiveSchema }),
  check: route({
    method: 'GET',
    path: '/api/v1/browser/check',
    tag: 'facet',
    summary: 'Open Facet\'s fingerprint check page in the profile (started if needed).',
    input: checkQuerySchema,
    data: checkOpenedSchema,
  }),
  startV2: route({ method: 'POST', path: '/api/v2/browser-profile/start', tag: 'browser', summary: 'Start a profile\'s browser (v2).', input: startV2BodySchema, data: startedBrowserSchema }),
  stopV2: route({ method: 'POST', path: '/api/v2/browser-profile/stop', tag: 'browser', summary: 'Stop a profile\'s browser (v2).', input: profileRefSchema, data: noData }),
  startBatch: route({
    method: 'POST',
    path: '/api/v1/browser/start-batch',
    tag: 'facet',
    summary: 'Facet\'s own: open many profiles at once (three at a time); answers when all have started or failed, each failure with its reason.',
    input: localBatchBodySchema,
    data: localBatchResultSchema,
  }),
  stopBatch: route({ method: 'POST', path: '/api/v1/browser/stop-batch', tag: 'facet', summary: 'Facet\'s own: close many profiles at once; answers when all are closed.', input: localBatchBodySchema, data: localBatchResultSchema }),
  stopAll: route({ method: 'POST', path: '/api/v2/browser-profile/stop-all', tag: 'browser', summary: 'Stop every browser running on this machine.', input: nothing, data: stopAllSchema }),
  activeV2: route({ method: 'GET', path: '/api/v2/browser-profile/active', tag: 'browser', summary: 'Whether a profile\'s browser runs here (v2).', input: profileRefSchema, data: activeBrowserSchema }),

  createV1: route({ method: 'POST', path: '/api/v1/user/create', tag: 'profiles', summary: 'Create a profile; what is left out comes from a generated, consistent fingerprint.', input: adsProfileBodySchema, data: createdV1Schema }),
  updateV1: route({ method: 'POST', path: '/api/v1/user/update', tag: 'profiles', summary: 'Change the given fields of a profile; the rest stays.', input: updateV1BodySchema, data: noData }),
  deleteV1: route({ method: 'POST', path: '/api/v1/user/delete', tag: 'profiles', summary: 'Move profiles to the recycle bin.', input: deleteV1BodySchema, data: noData }),
  listV1: route({ method: 'GET', path: '/api/v1/user/list', tag: 'profiles', summary: 'The account\'s profiles, by AdsPower\'s names.', input: listV1QuerySchema, data: listV1Schema }),
  regroup: route({ method: 'POST', path: '/api/v1/user/regroup', tag: 'profiles', summary: 'Move profiles into a group ("0": no group).', input: regroupBodySchema, data: noData }),
  deleteCacheV1: route({
    method: 'POST',
    path: '/api/v1/user/delete-cache',
    tag: 'profiles',
    summary: 'Clear the browser caches of every profile on this machine; refused while a browser runs.',
    input: nothing,
    data: cacheClearedSchema,
  }),
  createV2: route({ method: 'POST', path: '/api/v2/browser-profile/create', tag: 'profiles', summary: 'Create a profile (v2).', input: adsProfileBodySchema, data: createdV2Schema }),
  updateV2: route({ method: 'POST', path: '/api/v2/browser-profile/update', tag: 'profiles', summary: 'Change the given fields of a profile (v2).', input: updateV2BodySchema, data: noData }),
  deleteV2: route({ method: 'POST', path: '/api/v2/browser-profile/delete', tag: 'profiles', summary: 'Move profiles to the recycle bin (v2).', input: deleteV2BodySchema, data: noData }),
  listV2: route({ method: 'POST', path: '/api/v2/browser-profile/list', tag: 'profiles', summary: 'The account\'s profiles (v2), with their proxies but never proxy credentials.', input: listV2BodySchema, data: listV2Schema }),
  cookies: route({ method: 'GET', path: '/api/v2/browser-profile/cookies', tag: 'profiles', summary: 'A profile\'s cookies: its running browser\'s, else the stored ones.', input: cookiesQuerySchema, data: cookiesSchema }),
  userAgents: route({ method: 'POST', path: '/api/v2/browser-profile/ua', tag: 'profiles', summary: 'The user agents of up to 10 profiles.', input: profilesBatchBodySchema, data: userAgentsSchema }),
  newFingerprint: route({
    method: 'POST',
    path: '/api/v2/browser-profile/new-fingerprint',
    tag: 'profiles',
    summary: 'Give up to 10 profiles a newly generated fingerprint (user agent, screen, hardware, noise seed); name, proxy, cookies stay.',
    input: profilesBatchBodySchema,
    data: userAgentsSchema,
  }),
  deleteCacheV2: route({
    method: 'POST',
    path: '/api/v2/browser-profile/delete-cache',
    tag: 'profiles',
    summary: 'Clear chosen kinds of local data of profiles on this machine (cookie also clears the stored cookies); refused while one of them runs.',
    input: deleteCacheV2BodySchema,
    data: cacheClearedSchema,
  }),
  share: route({ method: 'POST', path: '/api/v2/browser-profile/share', tag: 'profiles', summary: 'Share profiles with an account named by e-mail or user name, to run them.', input: shareBodySchema, data: sharedSchema }),

  groupList: route({ method: 'GET', path: '/api/v1/group/list', tag: 'groups', summary: 'The account\'s groups.', input: groupListQuerySchema, data: groupListSchema }),
  groupCreate: route({ method: 'POST', path: '/api/v1/group/create', tag: 'groups', summary: 'Create a group.', input: groupCreateBodySchema, data: adsGroupSchema }),
  groupUpdate: route({ method: 'POST', path: '/api/v1/group/update', tag: 'groups', summary: 'Rename a group.', input: groupUpdateBodySchema, data: noData }),
  applicationList: route({ method: 'GET', path: '/api/v1/application/list', tag: 'applications', summary: 'The team\'s plugins, as AdsPower\'s application categories.', input: applicationListQuerySchema, data: applicationListSchema }),

  // The catalog paths: saved proxies, tags, categories (v2), kernels and cloud-active.
  categoryList: route({ method: 'GET', path: '/api/v2/category/list', tag: 'applications', summary: 'The team\'s plugins as application categories (v2: page and limit; category_id names one).', input: categoryListQuerySchema, data: categoryListSchema }),
  proxyCreate: route({ method: 'POST', path: '/api/v2/proxy-list/create', tag: 'proxies', summary: 'Save proxies (a top-level array, at most 100), all or none; answers their ids in the order given.', input: proxyCreateBodySchema, data: proxyCreatedSchema }),
  proxyUpdate: route({ method: 'POST', path: '/api/v2/proxy-list/update', tag: 'proxies', summary: 'Change the given fields of a saved proxy; every profile that uses it changes with it.', input: proxyUpdateBodySchema, data: noData }),
  proxyList: route({ method: 'POST', path: '/api/v2/proxy-list/list', tag: 'proxies', summary: 'The account\'s saved proxies, newest first, never with their passwords.', input: proxyListBodySchema, data: proxyListSchema }),
  proxyDelete: route({ method: 'POST', path: '/api/v2/proxy-list/delete', tag: 'proxies', summary: 'Delete saved proxies, all or none; profiles that used them keep their proxy settings.', input: proxyDeleteBodySchema, data: noData }),
  tagList: route({ method: 'POST', path: '/api/v2/browser-tags/list', tag: 'tags', summary: 'The account\'s tags by name, with AdsPower\'s colours.', input: tagListBodySchema, data: tagListSchema }),
  tagCreate: route({ method: 'POST', path: '/api/v2/browser-tags/create', tag: 'tags', summary: 'Create tags, all or none (a name the account has already is refused before any is made).', input: tagCreateBodySchema, data: tagsChangedSchema }),
  tagUpdate: route({ method: 'POST', path: '/api/v2/browser-tags/update', tag: 'tags', summary: 'Rename tags or change their colours, all or none.', input: tagUpdateBodySchema, data: tagsChangedSchema }),
  tagDelete: route({ method: 'POST', path: '/api/v2/browser-tags/delete', tag: 'tags', summary: 'Delete tags, all or none; the profiles keep everything else.', input: tagDeleteBodySchema, data: noData }),
  kernelList: route({ method: 'GET', path: '/api/v2/browser-profile/kernels', tag: 'kernels', summary: 'The browsers installed on this machine that profiles run on (Chromium or Chrome), the default first.', input: kernelListQuerySchema, data: adsKernelListSchema }),
  kernelDownload: route({
    method: 'POST',
    path: '/api/v2/browser-profile/download-kernel',
    tag: 'kernels',
    summary: 'Facet downloads no browser: an installed version answers completed; any other is refused with kernel_not_installed and how to install one.',
    input: kernelDownloadBodySchema,
    data: kernelDownloadedSchema,
  }),
  patchUpdate: route({ method: 'POST', path: '/api/v2/browser-profile/update-patch', tag: 'kernels', summary: 'Refused with patch_unsupported: the agent is updated with its package.', input: patchUpdateBodySchema, data: noData }),
  cloudActive: route({
    method: 'POST',
    path: '/api/v1/browser/cloud-active',
    tag: 'browser',
    summary: 'Which of these profiles run on any machine now (a live lease); profiles the account does not see are left out.',
    input: cloudActiveBodySchema,
    data: cloudActiveSchema,
  }),
  synchronizerStart: route({
    method: 'POST',
    path: '/api/v1/synchronizer/start',
    tag: 'facet',
    summary: 'Start the window synchronizer: what is done in the leader\'s window (clicks, typing, scrolling, keys, navigation) happens in the followers\' windows. All must be running; one synchronizer at a time.',
    input: localSynchronizerStartSchema,
    data: localSynchronizerStatusSchema,
  }),
  synchronizerStop: route({ method: 'POST', path: '/api/v1/synchronizer/stop', tag: 'facet', summary: 'Stop the window synchronizer; nothing of it stays in any page.', input: nothing, data: localSynchronizerStatusSchema }),
  synchronizerStatus: route({ method: 'GET', path: '/api/v1/synchronizer/status', tag: 'facet', summary: 'The window synchronizer\'s leader and each follower\'s state (inStep, outOfStep, dropped, closed).', input: nothing, data: localSynchronizerStatusSchema }),
  synchronizerResync: route({ method: 'POST', path: '/api/v1/synchronizer/resync', tag: 'facet', summary: 'Take a follower to the leader\'s page; it is in step again once there.', input: localSynchronizerFollowerSchema, data: localSynchronizerStatusSchema }),
  synchronizerDrop: route({ method: 'POST', path: '/api/v1/synchronizer/drop', tag: 'facet', summary: 'Stop replaying into a follower; its browser and the other followers go on.', input: localSynchronizerFollowerSchema, data: localSynchronizerStatusSchema }),

  facetList: route({ method: 'GET', path: '/api/v1/profile/list', tag: 'facet', summary: 'The account\'s profiles by Facet\'s names.', input: facetListQuerySchema, data: facetListSchema }),
  facetCreate: route({ method: 'POST', path: '/api/v1/profile/create', tag: 'facet', summary: 'Create a profile from Facet\'s settings (profileSettingsSchema); only the name is required.', input: facetCreateBodySchema, data: createdV1Schema }),
} as const;

export type LocalApiRoutes = typeof localApiRoutes;
export type LocalRouteId = keyof LocalApiRoutes;
export type LocalRouteInput<K extends LocalRouteId> = z.output<LocalApiRoutes[K]['input']>;
export type LocalRouteData<K extends LocalRouteId> = z.output<LocalApiRoutes[K]['data']>;

/** Where the OpenAPI document of the local API is served (with the key, like every path). */
export const LOCAL_OPENAPI_PATH = '/api/openapi.json';
