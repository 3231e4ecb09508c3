export { BindReminderBanner } from './BindReminderBanner.tsx';
export { BindingProvider } from './BindingProvider.tsx';
export { useOpenBind } from './bindContext.ts';
export type { BindKind } from './bindReminder.ts';
