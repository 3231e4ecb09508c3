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
import { groupCreateCall, groupDeleteCall, groupListCall, groupUpdateCall } from './groups.ts';
import { apiMemberCall, memberCall } from './member.ts';
import {
  fingerprintGenerateCall,
  profileBatchCreateCall,
  profileCreateCall,
  profileDeleteCall,
  profileDetailCall,
  profileListCall,
  profileMoveGroupCall,
  profileRemarkCall,
  profileShareCall,
  profileTransferCall,
  profileUnshareCall,
  profileUpdateCall,
  sharedListCall,
} from './profiles.ts';
import { recycleEmptyCall, recycleListCall, recyclePurgeCall, recycleRestoreCall } from './recycle.ts';

export * from './auth.ts';
export * from './member.ts';
export * from './profiles.ts';
export * from './groups.ts';
export * from './recycle.ts';

/** Every /v2/web/ call; the server registers exactly these and the OpenAPI document lists them. */
export const webCalls = [
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
  profileTransferCall,
  fingerprintGenerateCall,
  groupListCall,
  groupCreateCall,
  groupUpdateCall,
  groupDeleteCall,
  recycleListCall,
  recycleRestoreCall,
  recyclePurgeCall,
  recycleEmptyCall,
] as const;

/** Every /v2/api/ call (API-token access). */
export const apiCalls = [apiMemberCall] as const;

export const WEB_PREFIX = '/v2/web/';
export const API_PREFIX = '/v2/api/';
