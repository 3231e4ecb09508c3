export { GroupIcon } from './GroupIcon.tsx';
export { ALL_GROUPS, GroupSelect } from './GroupSelect.tsx';
export { IconPicker } from './IconPicker.tsx';
export { useGroups, useRefreshProfileData } from './groupQueries.ts';
export { loadGroupsPage } from './loaders.ts';
