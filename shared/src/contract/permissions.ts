/**
 * The permission catalogue: every permission string the product knows, with the group label it is
 * shown under (docs/product.md#permissions; dashboard, settings, options and profile are for the strings the other
 * labels do not cover). The API seeds it and enforces it; the frontends gate routes, menu entries and
 * buttons with the same strings.
 */

export const permissionGroups = [
  'dashboard',
  'management',
  'permission',
  'role',
  'user',
  'localization',
  'status',
  'broker',
  'department',
  'distribution',
  'lead',
  'import',
  'single',
  'status setting',
  'integration',
  'job',
  'notification',
  'settings',
  'options',
  'profile',
] as const;

export type PermissionGroup = (typeof permissionGroups)[number];

export const permissionCatalogue = [
  // dashboard
  { name: 'dashboard.view', group: 'dashboard' },
  { name: 'reports.view', group: 'dashboard' },

  // leads
  { name: 'lead.view', group: 'lead' },
  { name: 'lead.create', group: 'lead' },
  { name: 'lead.update', group: 'lead' },
  { name: 'lead.delete', group: 'lead' },
  { name: 'lead.status.update', group: 'lead' },
  { name: 'lead.send', group: 'lead' },
  { name: 'lead.export', group: 'lead' },
  { name: 'lead.import', group: 'import' },
  { name: 'lead.single.view', group: 'single' },
  { name: 'lead.failed.view', group: 'lead' },
  { name: 'failed.lead.view', group: 'lead' },
  { name: 'failed.lead.update', group: 'lead' },
  { name: 'failed.lead.delete', group: 'lead' },
  { name: 'lead.history.view', group: 'lead' },
  { name: 'lead.black_list.view', group: 'lead' },
  { name: 'lead.black_list.create', group: 'lead' },
  { name: 'lead.black_list.delete', group: 'lead' },
  { name: 'lead.statusSetting.view', group: 'status setting' },
  { name: 'lead.statusSetting.create', group: 'status setting' },
  { name: 'lead.statusSetting.update', group: 'status setting' },
  { name: 'lead.statusSetting.delete', group: 'status setting' },
  { name: 'lead.statusSetting.run', group: 'status setting' },
  { name: 'hide.non_privileged', group: 'lead' },
  { name: 'lead.settings.add', group: 'lead' },
  { name: 'lead.settings.import', group: 'lead' },
  { name: 'lead.settings.export', group: 'lead' },
  { name: 'lead.settings.send', group: 'lead' },
  { name: 'lead.settings.search', group: 'lead' },

  // brokers
  { name: 'broker.view', group: 'broker' },
  { name: 'broker.create', group: 'broker' },
  { name: 'broker.update', group: 'broker' },
  { name: 'broker.delete', group: 'broker' },
  { name: 'broker.department.view', group: 'department' },
  { name: 'broker.department.create', group: 'department' },
  { name: 'broker.department.update', group: 'department' },
  { name: 'broker.department.delete', group: 'department' },
  { name: 'broker.department.histories.view', group: 'department' },
  { name: 'broker.department.caps.view', group: 'department' },
  { name: 'distribution.rule.view', group: 'distribution' },
  { name: 'distribution.rule.create', group: 'distribution' },
  { name: 'distribution.rule.update', group: 'distribution' },
  { name: 'distribution.rule.delete', group: 'distribution' },
  { name: 'send.integration.view', group: 'integration' },
  { name: 'send.integration.create', group: 'integration' },
  { name: 'send.integration.update', group: 'integration' },
  { name: 'send.integration.delete', group: 'integration' },

  // profile
  { name: 'user.profile.view', group: 'profile' },
  { name: 'user.profile.update', group: 'profile' },
  { name: 'user.profile.notification.view', group: 'notification' },
  { name: 'user.profile.job.view', group: 'job' },
  { name: 'user.profile.job.cancel', group: 'job' },

  // settings
  { name: 'settings.locale.view', group: 'localization' },
  { name: 'settings.locale.create', group: 'localization' },
  { name: 'settings.locale.update', group: 'localization' },
  { name: 'settings.locale.delete', group: 'localization' },
  { name: 'settings.localization.view', group: 'localization' },
  { name: 'settings.localization.create', group: 'localization' },
  { name: 'settings.localization.update', group: 'localization' },
  { name: 'settings.localization.delete', group: 'localization' },
  { name: 'settings.status.view', group: 'status' },
  { name: 'settings.status.create', group: 'status' },
  { name: 'settings.status.update', group: 'status' },
  { name: 'settings.status.delete', group: 'status' },
  { name: 'settings.country.view', group: 'settings' },
  { name: 'settings.country.create', group: 'settings' },
  { name: 'settings.country.update', group: 'settings' },
  { name: 'settings.country.delete', group: 'settings' },
  { name: 'settings.language.view', group: 'settings' },
  { name: 'settings.language.create', group: 'settings' },
  { name: 'settings.language.update', group: 'settings' },
  { name: 'settings.language.delete', group: 'settings' },
  { name: 'settings.tag.view', group: 'settings' },
  { name: 'settings.tag.create', group: 'settings' },
  { name: 'settings.tag.update', group: 'settings' },
  { name: 'settings.tag.delete', group: 'settings' },
  { name: 'settings.source.view', group: 'settings' },
  { name: 'settings.source.create', group: 'settings' },
  { name: 'settings.source.update', group: 'settings' },
  { name: 'settings.source.delete', group: 'settings' },
  { name: 'settings.affiliateCompany.view', group: 'settings' },
  { name: 'settings.affiliateCompany.create', group: 'settings' },
  { name: 'settings.affiliateCompany.update', group: 'settings' },
  { name: 'settings.affiliateCompany.delete', group: 'settings' },
  { name: 'settings.affiliateKey.view', group: 'settings' },
  { name: 'settings.affiliateKey.create', group: 'settings' },
  { name: 'settings.affiliateKey.update', group: 'settings' },
  { name: 'settings.affiliateKey.delete', group: 'settings' },
  { name: 'settings.affiliatePostback.view', group: 'settings' },
  { name: 'settings.affiliatePostback.create', group: 'settings' },
  { name: 'settings.affiliatePostback.update', group: 'settings' },
  { name: 'settings.affiliatePostback.delete', group: 'settings' },
  { name: 'settings.sourceRandomStatus.view', group: 'status' },
  { name: 'settings.sourceRandomStatus.create', group: 'status' },
  { name: 'settings.sourceRandomStatus.update', group: 'status' },
  { name: 'settings.sourceRandomStatus.delete', group: 'status' },
  { name: 'settings.request.view', group: 'settings' },

  // users management
  { name: 'management.user.view', group: 'user' },
  { name: 'management.user.create', group: 'user' },
  { name: 'management.user.update', group: 'user' },
  { name: 'management.user.delete', group: 'user' },
  { name: 'management.role.view', group: 'role' },
  { name: 'management.role.create', group: 'role' },
  { name: 'management.role.update', group: 'role' },
  { name: 'management.role.delete', group: 'role' },
  { name: 'management.permission.view', group: 'permission' },
  { name: 'management.role_has_permissions.view', group: 'management' },

  // option lists (docs/product.md#option-lists)
  { name: 'options.users.all', group: 'options' },
  { name: 'options.brokers.all', group: 'options' },
  { name: 'options.brokers.send', group: 'options' },
  { name: 'options.broker_departments.all', group: 'options' },
  { name: 'options.sources.all', group: 'options' },
  { name: 'options.tags.all', group: 'options' },
  { name: 'options.countries.all', group: 'options' },
  { name: 'options.statuses.all', group: 'options' },
  { name: 'options.statusesOfSent.all', group: 'options' },
  { name: 'options.statuses.sendHistoryFailure', group: 'options' },
  { name: 'options.affiliateCompanies.all', group: 'options' },
] as const satisfies readonly { name: string; group: PermissionGroup }[];

export type Permission = (typeof permissionCatalogue)[number]['name'];

export const allPermissions: readonly Permission[] = permissionCatalogue.map((entry) => entry.name);

const known = new Set<string>(allPermissions);

export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** The guard every role and permission of this product belongs to (spatie's `guard_name`). */
export const defaultGuard = 'web';

/** Prefixes that have all four of view, create, update and delete in the catalogue (e.g. 'settings.tag'). */
export type CrudPrefix = {
  [Name in Permission]: Name extends `${infer Prefix}.view`
    ? `${Prefix}.create` extends Permission
      ? `${Prefix}.update` extends Permission
        ? `${Prefix}.delete` extends Permission
          ? Prefix
          : never
        : never
      : never
    : never;
}[Permission];

export type CrudPermissions = { view: Permission; create: Permission; update: Permission; delete: Permission };

/** The four permissions of a resource, checked against the catalogue at compile time. */
export function crudPermissions<Prefix extends CrudPrefix>(prefix: Prefix): CrudPermissions {
  return {
    view: `${prefix}.view` as Permission,
    create: `${prefix}.create` as Permission,
    update: `${prefix}.update` as Permission,
    delete: `${prefix}.delete` as Permission,
  };
}
