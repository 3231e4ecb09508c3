export { PermissionChoice, PermissionTag } from './PermissionTag.tsx';
export { ShareMembersDialog } from './ShareMembersDialog.tsx';
export { loadShareMembersDialog } from './loaders.ts';
