export { PlanReminder } from './PlanReminder.tsx';
export { fallbackAccountSettings, useAccountSettings } from './accountSettingsQueries.ts';
export { loadSettingsPage } from './loaders.ts';
