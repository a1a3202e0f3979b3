// User roles, as one panel resource: the roles screen (its own chunk: App.tsx imports the file
// lazily, not this index), its forms and inputs, the roles' names and the grant's messages.
export { GrantAdminForm } from './GrantAdminForm.tsx';
export { grantErrorMessage } from './grantMessages.ts';
export { RoleInput, UserRoleForm } from './RoleInput.tsx';
export { default as Roles, USERS_SHOWN } from './Roles.tsx';
export { ROLE_LABELS } from './roleLabels.ts';
