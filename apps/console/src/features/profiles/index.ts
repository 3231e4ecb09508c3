export { ProfileCards } from './ProfileCards.tsx';
export { ProfileFormDrawer } from './ProfileFormDrawer.tsx';
export { ShareDialog } from './ShareDialog.tsx';
export type { ProfileFormValues } from './profileFormModel.ts';
export { profileListKey } from './profileQueries.ts';
export { proxyText } from './proxyText.ts';
export { loadProfileListPage } from './loaders.ts';
