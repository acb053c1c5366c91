/** The simple settings screens, each described once; ResourceScreen does the rest. */
import { createSelector } from '@reduxjs/toolkit';
import { Link } from 'react-router-dom';
import { applySavedLocalization, type RootState } from '@crm/shared';
import { crudPermissions } from '@crm/shared/access';
import { affiliateCompanyBodies, defaultStatusColors, countryBodies, languageBodies, localeBodies, localizationBodies, sourceBodies, statusBodies, tagBodies } from '@crm/shared/contract';
import type { ResourceSpec } from '@crm/shared/ui';
import { routeUrl } from '@crm/shared/routes';
import { StatusBadge, StatusPreview } from './components/StatusBadge.tsx';

const field = (name: string) => `settings:fields.${name}`;
const statusClasses = ['lead', 'email', 'phone'];
const statusClassOptions = statusClasses.map((value) => ({ value, label: value }));

/** The interface languages the app already holds (`/locales`), as options of the locale field and filter. */
const localeOptions = createSelector(
  (state: RootState) => state.locales.data,
  (locales) => Object.entries(locales).map(([value, name]) => ({ value, label: `${name} (${value})` })),
);

export const settingsScreens = {
  locales: {
    path: '/settings/locale',
    body: localeBodies.create,
    titleKey: 'menu.settings.locales',
    nounKey: 'settings:nouns.locale',
    permissions: crudPermissions('settings.locale'),
    columns: [
      { key: 'code', sortKey: 'code', title: field('code') },
      { key: 'name', sortKey: 'name', title: field('name') },
      { key: 'is_active', title: field('is_active'), type: 'boolean' },
    ],
    fields: [
      { name: 'code', labelKey: field('code'), kind: 'text', createOnly: true },
      { name: 'name', labelKey: field('name'), kind: 'text' },
      { name: 'is_active', labelKey: field('is_active'), kind: 'boolean' },
    ],
  },
  localizations: {
    path: '/settings/localization',
    body: localizationBodies.create,
    titleKey: 'menu.settings.localizations',
    nounKey: 'settings:nouns.localization',
    permissions: crudPermissions('settings.localization'),
    columns: [
      { key: 'locale', sortKey: 'locale', title: field('locale') },
      { key: 'key', sortKey: 'key', title: field('key') },
      { key: 'value', title: field('value') },
      { key: 'updated_at', sortKey: 'updated_at', title: field('updated_at'), type: 'datetime' },
    ],
    fields: [
      { name: 'locale', labelKey: field('locale'), kind: 'select', options: localeOptions },
      { name: 'key', labelKey: field('key'), kind: 'text' },
      { name: 'value', labelKey: field('value'), kind: 'textarea' },
    ],
    filters: [{ name: 'locale', labelKey: field('locale'), kind: 'select', options: localeOptions }],
    // The editor sees the text at once, and a reload fetches it instead of the cached map.
    onSaved: (row) => applySavedLocalization({ locale: String(row['locale']), key: String(row['key']), value: String(row['value']) }, localStorage),
  },
  statuses: {
    path: '/settings/status',
    body: statusBodies.create,
    titleKey: 'menu.settings.statuses',
    nounKey: 'settings:nouns.status',
    permissions: crudPermissions('settings.status'),
    columns: [
      { key: 'name', sortKey: 'name', title: field('name'), render: (row) => <StatusBadge status={row} /> },
      { key: 'class', sortKey: 'class', title: field('class') },
      { key: 'in_import', title: field('in_import'), type: 'boolean' },
      { key: 'bg_color', title: field('bg_color') },
      { key: 'text_color', title: field('text_color') },
    ],
    fields: [
      { name: 'name', labelKey: field('name'), kind: 'text' },
      { name: 'class', labelKey: field('class'), kind: 'select', options: statusClassOptions },
      { name: 'in_import', labelKey: field('in_import'), kind: 'boolean' },
      { name: 'bg_color', labelKey: field('bg_color'), kind: 'color' },
      { name: 'text_color', labelKey: field('text_color'), kind: 'color' },
    ],
    // The colour inputs show the colours a new status gets; empty, a native colour input would show black.
    defaults: defaultStatusColors,
    filters: [{ name: 'class', labelKey: field('class'), kind: 'select', options: statusClasses.map((value) => ({ value, labelKey: `settings:classes.${value}` })) }],
    preview: (values) => <StatusPreview values={values} />,
  },
  countries: {
    path: '/settings/country',
    body: countryBodies.create,
    titleKey: 'menu.settings.countries',
    nounKey: 'settings:nouns.country',
    permissions: crudPermissions('settings.country'),
    columns: [
      { key: 'flag', title: field('flag') },
      { key: 'name', sortKey: 'name', title: field('name') },
      { key: 'iso_3166_2', sortKey: 'iso_3166_2', title: field('iso_3166_2') },
      { key: 'iso_3166_3', title: field('iso_3166_3') },
      { key: 'calling_code', sortKey: 'calling_code', title: field('calling_code') },
      { key: 'currency_code', title: field('currency_code') },
      { key: 'eea', title: field('eea'), type: 'boolean' },
    ],
    fields: [
      { name: 'name', labelKey: field('name'), kind: 'text' },
      { name: 'full_name', labelKey: field('full_name'), kind: 'text' },
      { name: 'iso_3166_2', labelKey: field('iso_3166_2'), kind: 'text' },
      { name: 'iso_3166_3', labelKey: field('iso_3166_3'), kind: 'text' },
      { name: 'country_code', labelKey: field('country_code'), kind: 'text' },
      { name: 'region_code', labelKey: field('region_code'), kind: 'text' },
      { name: 'sub_region_code', labelKey: field('sub_region_code'), kind: 'text' },
      { name: 'capital', labelKey: field('capital'), kind: 'text' },
      { name: 'citizenship', labelKey: field('citizenship'), kind: 'text' },
      { name: 'calling_code', labelKey: field('calling_code'), kind: 'text' },
      { name: 'currency', labelKey: field('currency'), kind: 'text' },
      { name: 'currency_code', labelKey: field('currency_code'), kind: 'text' },
      { name: 'currency_sub_unit', labelKey: field('currency_sub_unit'), kind: 'text' },
      { name: 'currency_symbol', labelKey: field('currency_symbol'), kind: 'text' },
      { name: 'currency_decimals', labelKey: field('currency_decimals'), kind: 'number' },
      { name: 'flag', labelKey: field('flag'), kind: 'text' },
      { name: 'eea', labelKey: field('eea'), kind: 'boolean' },
    ],
  },
  languages: {
    path: '/settings/language',
    body: languageBodies.create,
    titleKey: 'menu.settings.languages',
    nounKey: 'settings:nouns.language',
    permissions: crudPermissions('settings.language'),
    columns: [
      { key: 'code', sortKey: 'code', title: field('code') },
      { key: 'name', sortKey: 'name', title: field('name') },
      { key: 'native_name', title: field('native_name') },
    ],
    fields: [
      { name: 'code', labelKey: field('code'), kind: 'text' },
      { name: 'name', labelKey: field('name'), kind: 'text' },
      { name: 'native_name', labelKey: field('native_name'), kind: 'text' },
    ],
  },
  tags: {
    path: '/settings/tag',
    body: tagBodies.create,
    titleKey: 'menu.settings.tags',
    nounKey: 'settings:nouns.tag',
    permissions: crudPermissions('settings.tag'),
    columns: [
      { key: 'name', sortKey: 'name', title: field('name') },
      { key: 'created_at', sortKey: 'created_at', title: field('created_at'), type: 'datetime' },
    ],
    fields: [{ name: 'name', labelKey: field('name'), kind: 'text' }],
  },
  sources: {
    path: '/settings/source',
    body: sourceBodies.create,
    titleKey: 'menu.settings.sources',
    nounKey: 'settings:nouns.source',
    permissions: crudPermissions('settings.source'),
    columns: [
      { key: 'name', sortKey: 'name', title: field('name') },
      { key: 'created_at', sortKey: 'created_at', title: field('created_at'), type: 'datetime' },
    ],
    fields: [{ name: 'name', labelKey: field('name'), kind: 'text' }],
  },
  affiliateCompanies: {
    path: '/settings/affiliate/company',
    body: affiliateCompanyBodies.create,
    titleKey: 'menu.settings.affiliateCompanies',
    nounKey: 'settings:nouns.affiliateCompany',
    permissions: crudPermissions('settings.affiliateCompany'),
    columns: [
      // The name opens the company's page (its API keys, integration instructions and the rest).
      { key: 'name', sortKey: 'name', title: field('name'), render: (row) => <Link to={routeUrl('settings/affiliate/company/:id', { id: row.id })}>{String(row['name'])}</Link> },
      { key: 'created_at', sortKey: 'created_at', title: field('created_at'), type: 'datetime' },
    ],
    fields: [{ name: 'name', labelKey: field('name'), kind: 'text' }],
  },
} satisfies Record<string, ResourceSpec>;
