/**
 * The tabs of an affiliate company's page, in order. A tab is one entry here: its key (the `?tab=` of a deep link),
 * its title, the permission that shows it, and what it renders for the company. The first the user may see opens
 * when the link names none.
 */
import type { ReactNode } from 'react';
import type { PermissionRule } from '@crm/shared/contract';
import { PostbacksTab } from './PostbacksTab.tsx';
import { ApiKeysTab } from './components/ApiKeysTab.tsx';
import { IntegrationInstructionsTab } from './components/IntegrationInstructionsTab.tsx';
import { SummaryTab } from './components/SummaryTab.tsx';
import { StatusMappingTab } from './StatusMappingTab.tsx';

type AffiliateCompanyRef = { id: number; name: string };

export type AffiliateTab = {
  key: string;
  labelKey: string;
  permission: PermissionRule;
  render(company: AffiliateCompanyRef): ReactNode;
};

export const affiliateTabs: readonly AffiliateTab[] = [
  { key: 'summary', labelKey: 'settings:affiliates.tabs.summary', permission: 'settings.affiliateCompany.view', render: (company) => <SummaryTab companyId={company.id} /> },
  { key: 'keys', labelKey: 'settings:affiliates.tabs.keys', permission: 'settings.affiliateKey.view', render: (company) => <ApiKeysTab companyId={company.id} /> },
  { key: 'mapping', labelKey: 'settings:affiliates.tabs.mapping', permission: 'settings.affiliateCompany.view', render: (company) => <StatusMappingTab companyId={company.id} /> },
  { key: 'postbacks', labelKey: 'settings:affiliates.tabs.postbacks', permission: 'settings.affiliatePostback.view', render: (company) => <PostbacksTab companyId={company.id} /> },
  {
    key: 'instructions',
    labelKey: 'settings:affiliates.tabs.instructions',
    permission: 'settings.affiliateKey.view',
    render: (company) => <IntegrationInstructionsTab company={company} />,
  },
];
