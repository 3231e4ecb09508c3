import { deferred } from '../../lib/deferred.tsx';

// What the shell's buttons and menus open on demand, each rarely: a page after sign-in shows
// without their code, which comes when one is first opened (lib/deferred.tsx).
export const ApiTokenResetDialog = deferred(() => import('../apiToken/ApiTokenResetDialog.tsx').then((m) => m.ApiTokenResetDialog));
export const ApiTokenViewDialog = deferred(() => import('../apiToken/ApiTokenViewDialog.tsx').then((m) => m.ApiTokenViewDialog));
export const FeedbackDialog = deferred(() => import('../feedback/FeedbackDialog.tsx').then((m) => m.FeedbackDialog));
export const LocalSettingsDialog = deferred(() => import('../localSettings/LocalSettingsDialog.tsx').then((m) => m.LocalSettingsDialog));
export const NoticesDialog = deferred(() => import('../notices/NoticesDialog.tsx').then((m) => m.NoticesDialog));
export const BindDialog = deferred(() => import('../binding/BindDialog.tsx').then((m) => m.BindDialog));
export const UpdateLogDialog = deferred(() => import('../updates/UpdateLogDialog.tsx').then((m) => m.UpdateLogDialog));
