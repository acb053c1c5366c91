import { allPermissions, type Permission } from '@crm/shared/contract';

export type RoleSeed = { name: string; permissions: readonly Permission[] };

export const administratorRole: RoleSeed = { name: 'Administrator', permissions: allPermissions };

/** Narrower demo roles, so permission-dependent behaviour can be seen and tested. */
export const demoRoles: readonly RoleSeed[] = [
  {
    name: 'Manager',
    permissions: allPermissions.filter((permission) => !permission.startsWith('management.') && permission !== 'options.users.all'),
  },
  { name: 'Agent', permissions: ['lead.view', 'lead.single.view'] },
];

export const demoUsers = [
  { name: 'Morgan Manager', email: 'manager@example.com', role: 'Manager', is_sender: true },
  { name: 'Alex Agent', email: 'agent@example.com', role: 'Agent', is_sender: false },
] as const;
