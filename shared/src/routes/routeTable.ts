/**
 * The one route table (docs/product.md#routes): every protected screen once — path, permission, the remote that owns
 * it and the page it exposes, its menu group and title key. The host builds its router, sidebar and
 * guards from it; a test checks that every page named here is exposed by its remote.
 */
import type { Permission } from '../contract/permissions.ts';

export const remoteNames = ['mfe_leads', 'mfe_brokers', 'mfe_management', 'mfe_settings', 'mfe_dashboard'] as const;
export type RemoteName = (typeof remoteNames)[number];

export const menuGroups = ['leads', 'brokers', 'management', 'settings'] as const;
export type MenuGroup = (typeof menuGroups)[number];

export type RouteEntry = {
  /** Path without the leading slash. */
  path: string;
  permission: Permission;
  remote: RemoteName;
  /** The module the remote exposes, without the leading './'. */
  page: string;
  /** Sidebar placement: a group, 'top' for an entry above the groups, or null for no menu entry. */
  menu: MenuGroup | 'top' | null;
  /** i18n key of the page title (and of the menu entry). */
  titleKey: string;
  /** For a page without its own menu entry: the path of the entry it is reached from, marked in the sidebar while it is open. */
  within?: string;
};

export const routeTable = [
  { path: 'dashboard', permission: 'dashboard.view', remote: 'mfe_dashboard', page: 'DashboardPage', menu: 'top', titleKey: 'menu.dashboard' },
  { path: 'reports', permission: 'reports.view', remote: 'mfe_dashboard', page: 'ReportsPage', menu: 'top', titleKey: 'menu.reports' },

  { path: 'lead/search', permission: 'lead.view', remote: 'mfe_leads', page: 'LeadSearchPage', menu: 'leads', titleKey: 'menu.leads.search' },
  { path: 'lead/single/:id', permission: 'lead.single.view', remote: 'mfe_leads', page: 'LeadProfilePage', menu: null, titleKey: 'menu.leads.single', within: 'lead/search' },
  { path: 'failed/lead/search', permission: 'failed.lead.view', remote: 'mfe_leads', page: 'FailedLeadsPage', menu: 'leads', titleKey: 'menu.leads.failed' },
  { path: 'lead/status/settings', permission: 'lead.statusSetting.view', remote: 'mfe_leads', page: 'LeadStatusSettingsPage', menu: 'leads', titleKey: 'menu.leads.statusSettings' },
  { path: 'lead/history/search', permission: 'lead.history.view', remote: 'mfe_leads', page: 'LeadHistoryPage', menu: 'leads', titleKey: 'menu.leads.history' },
  { path: 'lead/black_list', permission: 'lead.black_list.view', remote: 'mfe_leads', page: 'BlacklistPage', menu: 'leads', titleKey: 'menu.leads.blacklist' },

  { path: 'broker/search', permission: 'broker.view', remote: 'mfe_brokers', page: 'BrokersPage', menu: 'brokers', titleKey: 'menu.brokers.search' },
  { path: 'broker/department/search', permission: 'broker.department.view', remote: 'mfe_brokers', page: 'DepartmentsPage', menu: 'brokers', titleKey: 'menu.brokers.departments' },
  {
    path: 'broker/department/:id/histories/view',
    permission: 'broker.department.histories.view',
    remote: 'mfe_brokers',
    page: 'DepartmentHistoriesPage',
    menu: null,
    titleKey: 'menu.brokers.departmentHistories',
    within: 'broker/department/search',
  },
  {
    path: 'broker/department/caps',
    permission: 'broker.department.caps.view',
    remote: 'mfe_brokers',
    page: 'DepartmentCapsPage',
    menu: 'brokers',
    titleKey: 'menu.brokers.departmentCaps',
  },
  {
    path: 'broker/distribution/rules',
    permission: 'distribution.rule.view',
    remote: 'mfe_brokers',
    page: 'DistributionRulesPage',
    menu: 'brokers',
    titleKey: 'menu.brokers.distributionRules',
  },
  { path: 'send/integration/search', permission: 'send.integration.view', remote: 'mfe_brokers', page: 'SendIntegrationsPage', menu: 'brokers', titleKey: 'menu.brokers.sendIntegrations' },

  { path: 'management/users', permission: 'management.user.view', remote: 'mfe_management', page: 'UsersPage', menu: 'management', titleKey: 'menu.management.users' },
  {
    path: 'management/user/create',
    permission: 'management.user.create',
    remote: 'mfe_management',
    page: 'UserCreatePage',
    menu: null,
    titleKey: 'menu.management.userCreate',
    within: 'management/users',
  },
  {
    path: 'management/user/:id/edit',
    permission: 'management.user.update',
    remote: 'mfe_management',
    page: 'UserEditPage',
    menu: null,
    titleKey: 'menu.management.userEdit',
    within: 'management/users',
  },
  { path: 'management/roles', permission: 'management.role.view', remote: 'mfe_management', page: 'RolesPage', menu: 'management', titleKey: 'menu.management.roles' },
  {
    path: 'management/role/create',
    permission: 'management.role.create',
    remote: 'mfe_management',
    page: 'RoleCreatePage',
    menu: null,
    titleKey: 'menu.management.roleCreate',
    within: 'management/roles',
  },
  {
    path: 'management/role/:id/edit',
    permission: 'management.role.update',
    remote: 'mfe_management',
    page: 'RoleEditPage',
    menu: null,
    titleKey: 'menu.management.roleEdit',
    within: 'management/roles',
  },
  {
    path: 'management/permissions',
    permission: 'management.permission.view',
    remote: 'mfe_management',
    page: 'PermissionsPage',
    menu: 'management',
    titleKey: 'menu.management.permissions',
  },
  { path: 'profile', permission: 'user.profile.view', remote: 'mfe_management', page: 'ProfilePage', menu: null, titleKey: 'menu.profile.settings' },
  { path: 'profile/notifications', permission: 'user.profile.notification.view', remote: 'mfe_management', page: 'NotificationsPage', menu: null, titleKey: 'menu.profile.notifications' },
  { path: 'profile/notification/:id', permission: 'user.profile.notification.view', remote: 'mfe_management', page: 'NotificationPage', menu: null, titleKey: 'menu.profile.notification' },
  { path: 'profile/jobs', permission: 'user.profile.job.view', remote: 'mfe_management', page: 'JobsPage', menu: null, titleKey: 'menu.profile.jobs' },

  { path: 'settings/locales', permission: 'settings.locale.view', remote: 'mfe_settings', page: 'LocalesPage', menu: 'settings', titleKey: 'menu.settings.locales' },
  { path: 'settings/localizations', permission: 'settings.localization.view', remote: 'mfe_settings', page: 'LocalizationsPage', menu: 'settings', titleKey: 'menu.settings.localizations' },
  { path: 'settings/statuses', permission: 'settings.status.view', remote: 'mfe_settings', page: 'StatusesPage', menu: 'settings', titleKey: 'menu.settings.statuses' },
  { path: 'settings/countries', permission: 'settings.country.view', remote: 'mfe_settings', page: 'CountriesPage', menu: 'settings', titleKey: 'menu.settings.countries' },
  { path: 'settings/languages', permission: 'settings.language.view', remote: 'mfe_settings', page: 'LanguagesPage', menu: 'settings', titleKey: 'menu.settings.languages' },
  { path: 'settings/tags', permission: 'settings.tag.view', remote: 'mfe_settings', page: 'TagsPage', menu: 'settings', titleKey: 'menu.settings.tags' },
  { path: 'settings/sources', permission: 'settings.source.view', remote: 'mfe_settings', page: 'SourcesPage', menu: 'settings', titleKey: 'menu.settings.sources' },
  {
    path: 'settings/affiliate/companies',
    permission: 'settings.affiliateCompany.view',
    remote: 'mfe_settings',
    page: 'AffiliateCompaniesPage',
    menu: 'settings',
    titleKey: 'menu.settings.affiliateCompanies',
  },
  {
    path: 'settings/affiliate/company/:id',
    permission: 'settings.affiliateCompany.view',
    remote: 'mfe_settings',
    page: 'AffiliateCompanyPage',
    menu: null,
    titleKey: 'menu.settings.affiliateCompany',
    within: 'settings/affiliate/companies',
  },
  {
    path: 'settings/source/random/statuses/search',
    permission: 'settings.sourceRandomStatus.view',
    remote: 'mfe_settings',
    page: 'SourceRandomStatusesPage',
    menu: 'settings',
    titleKey: 'menu.settings.sourceRandomStatuses',
  },
  // No menu entry; opened from a send integration's requests, it marks no entry (it is not that page).
  { path: 'settings/requests', permission: 'settings.request.view', remote: 'mfe_settings', page: 'RequestsPage', menu: null, titleKey: 'menu.settings.requests' },
] as const satisfies readonly RouteEntry[];

export type RoutePath = (typeof routeTable)[number]['path'];

/** The names of the pages a remote exposes, as a type: the same routes `pagesOf` gives its webpack exposes; its `pages.ts` is held to them. */
export type PageOf<R extends RemoteName> = Extract<(typeof routeTable)[number], { remote: R }>['page'];

/** The pages a remote must expose, derived from the table (its webpack config reads this). */
export function pagesOf(remote: RemoteName): string[] {
  return routeTable.filter((route) => route.remote === remote).map((route) => route.page);
}
