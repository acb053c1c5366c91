import { allPermissions, crudPermissions, isPermission, permissionCatalogue, permissionGroups } from './permissions.ts';

/** Every permission string docs/product.md#permissions names: routes, extra ones and option-list gates. */
const fromSpec = [
  'dashboard.view',
  'lead.view',
  'lead.single.view',
  'failed.lead.view',
  'lead.statusSetting.view',
  'lead.history.view',
  'lead.black_list.view',
  'user.profile.view',
  'user.profile.notification.view',
  'user.profile.job.view',
  'broker.view',
  'broker.department.view',
  'broker.department.histories.view',
  'broker.department.caps.view',
  'distribution.rule.view',
  'send.integration.view',
  'settings.locale.view',
  'settings.localization.view',
  'settings.status.view',
  'settings.country.view',
  'settings.language.view',
  'settings.tag.view',
  'settings.source.view',
  'settings.affiliateCompany.view',
  'settings.affiliateKey.view',
  'settings.affiliateKey.create',
  'settings.affiliateKey.update',
  'settings.affiliateKey.delete',
  'settings.affiliatePostback.view',
  'settings.affiliatePostback.create',
  'settings.affiliatePostback.update',
  'settings.affiliatePostback.delete',
  'settings.sourceRandomStatus.view',
  'settings.request.view',
  'management.user.view',
  'management.user.create',
  'management.user.update',
  'management.role.view',
  'management.role.create',
  'management.role.update',
  'management.permission.view',
  'lead.failed.view',
  'management.role_has_permissions.view',
  'hide.non_privileged',
  'options.users.all',
  'options.brokers.all',
  'options.brokers.send',
  'options.broker_departments.all',
  'options.sources.all',
  'options.tags.all',
  'options.countries.all',
  'options.statuses.all',
  'options.statusesOfSent.all',
  'options.statuses.sendHistoryFailure',
  'options.affiliateCompanies.all',
];

test('the catalogue holds every permission the product names', () => {
  const missing = fromSpec.filter((permission) => !isPermission(permission));
  expect(missing).toEqual([]);
});

test('permission names are unique and each has a known group', () => {
  expect(new Set(allPermissions).size).toBe(allPermissions.length);
  const withUnknownGroup = permissionCatalogue.filter((entry) => !(permissionGroups as readonly string[]).includes(entry.group)).map((entry) => entry.name);
  expect(withUnknownGroup).toEqual([]);
});

test('every group label the product names is used', () => {
  const used = new Set<string>(permissionCatalogue.map((entry) => entry.group));
  const labels = [
    'management',
    'permission',
    'role',
    'user',
    'localization',
    'status',
    'broker',
    'department',
    'lead',
    'import',
    'single',
    'status setting',
    'integration',
    'job',
    'notification',
  ];
  expect(labels.filter((label) => !used.has(label))).toEqual([]);
});

test('crudPermissions gives the four catalogue permissions of a resource', () => {
  expect(crudPermissions('settings.tag')).toEqual({
    view: 'settings.tag.view',
    create: 'settings.tag.create',
    update: 'settings.tag.update',
    delete: 'settings.tag.delete',
  });
  for (const permission of Object.values(crudPermissions('management.role'))) expect(isPermission(permission)).toBe(true);
});
