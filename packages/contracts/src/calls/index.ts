import {
  captchaCall,
  loginCall,
  logoutCall,
  passwordCodeCall,
  passwordEditCall,
  passwordResetCall,
  refreshCall,
  registerCall,
  registerCodeCall,
} from './auth.ts';
import { apiTokenResetCall, apiTokenViewCall } from './apiToken.ts';
import { apiGroupCalls, groupCreateCall, groupDeleteCall, groupListCall, groupUpdateCall } from './groups.ts';
import { apiMemberCall, memberCall } from './member.ts';
import {
  apiProfileCalls,
  fingerprintGenerateCall,
  profileBatchCreateCall,
  profileCreateCall,
  profileDeleteCall,
  profileDetailCall,
  profileListCall,
  profileMoveGroupCall,
  profileOpenedCall,
  profileCookiesCall,
  profileRemarkCall,
  profileUpdateCall,
  sharedListCall,
} from './profiles.ts';
import { apiProfileShareCall, profileShareCall, profileTransferCall, profileUnshareCall, shareMembersCall, sharePermissionCall } from './sharing.ts';
import { apiProfileLaunchCall, profileLaunchCall } from './launch.ts';
import { apiSyncCalls, syncCalls } from './sync.ts';
import { apiTagCalls, tagWebCalls } from './tags.ts';
import { profileExportCall, profileImportCall } from './profileFiles.ts';
import { apiSavedProxyCalls, savedProxyCalls } from './savedProxies.ts';
import { recycleEmptyCall, recycleListCall, recyclePurgeCall, recycleRestoreCall } from './recycle.ts';
import { operationLogListCall } from './operationLog.ts';
import { feedbackCall } from './feedback.ts';
import { graphicsReportCall } from './graphics.ts';
import { bindCall, bindSendCall } from './binding.ts';
import { rewardInfoCall } from './reward.ts';
import { accountSettingsGetCall, accountSettingsSetCall } from './accountSettings.ts';
import { orderDetailCall, paymentListenCall, planStatusCall, subscriptionCoinsCall, subscriptionOrderCall, subscriptionRenewalCall, subscriptionsCall } from './subscriptions.ts';
import { apiPluginAssignCall, apiPluginListCall, apiProfilePluginsCall, pluginWebCalls } from './plugins.ts';
import { hostWebCalls } from './hosts.ts';
import { remoteWebCalls } from './remote.ts';
import { subAccountCreateCall, subAccountDeleteCall, subAccountListCall, subAccountUpdateCall } from './subAccounts.ts';

export * from './auth.ts';
export * from './member.ts';
export * from './profiles.ts';
export * from './sharing.ts';
export * from './launch.ts';
export * from './tags.ts';
export * from './profileFiles.ts';
export * from './savedProxies.ts';
export * from './groups.ts';
export * from './recycle.ts';
export * from './subAccounts.ts';
export * from './apiToken.ts';
export * from './subscriptions.ts';
export * from './coins.ts';
export * from './operationLog.ts';
export * from './feedback.ts';
export * from './graphics.ts';
export * from './binding.ts';
export * from './reward.ts';
export * from './accountSettings.ts';
export * from './plugins.ts';
export * from './sync.ts';
export * from './hosts.ts';
export * from './remote.ts';

/*
 * The two lists below are built in functions marked pure so that a bundle (the console's) that
 * uses neither drops them, and with them every call module it does not import itself: spreading
 * an array counts as a side effect to a bundler, which kept every call's schema in the sign-in
 * page (apps/console, scripts/checks/consoleBudget.mjs).
 */

/** Every /v2/web/ call; the server registers exactly these and the OpenAPI document lists them. */
export const webCalls = /* @__PURE__ */ (() => [
  captchaCall,
  registerCodeCall,
  registerCall,
  loginCall,
  refreshCall,
  logoutCall,
  memberCall,
  passwordEditCall,
  passwordCodeCall,
  passwordResetCall,
  profileListCall,
  sharedListCall,
  profileDetailCall,
  profileCreateCall,
  profileUpdateCall,
  profileBatchCreateCall,
  profileMoveGroupCall,
  profileRemarkCall,
  profileDeleteCall,
  profileShareCall,
  profileUnshareCall,
  shareMembersCall,
  sharePermissionCall,
  profileTransferCall,
  fingerprintGenerateCall,
  profileLaunchCall,
  profileOpenedCall,
  profileCookiesCall,
  ...syncCalls,
  groupListCall,
  groupCreateCall,
  groupUpdateCall,
  groupDeleteCall,
  recycleListCall,
  recycleRestoreCall,
  recyclePurgeCall,
  recycleEmptyCall,
  subAccountListCall,
  subAccountCreateCall,
  subAccountUpdateCall,
  subAccountDeleteCall,
  apiTokenViewCall,
  apiTokenResetCall,
  planStatusCall,
  subscriptionsCall,
  subscriptionRenewalCall,
  subscriptionOrderCall,
  subscriptionCoinsCall,
  orderDetailCall,
  paymentListenCall,
  operationLogListCall,
  feedbackCall,
  graphicsReportCall,
  bindSendCall,
  bindCall,
  rewardInfoCall,
  accountSettingsGetCall,
  accountSettingsSetCall,
  ...pluginWebCalls,
  ...tagWebCalls,
  profileExportCall,
  profileImportCall,
  ...savedProxyCalls,
  ...hostWebCalls,
  ...remoteWebCalls,
] as const)();

/** Every /v2/api/ call (API-token access). */
export const apiCalls = /* @__PURE__ */ (() => [apiMemberCall, ...apiProfileCalls, apiProfileShareCall, apiProfileLaunchCall, ...apiSyncCalls, ...apiTagCalls, ...apiSavedProxyCalls, ...apiGroupCalls, apiProfilePluginsCall, apiPluginListCall, apiPluginAssignCall] as const)();

export const WEB_PREFIX = '/v2/web/';
export const API_PREFIX = '/v2/api/';
