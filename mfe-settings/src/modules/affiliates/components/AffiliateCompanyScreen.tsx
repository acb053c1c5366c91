/**
 * `settings/affiliate/company/:id`: one affiliate company, its name over the tabs of `affiliateTabs` the user may see.
 * The open tab is the URL's `?tab=`, so a link can open one (`?tab=mapping`); none, an unknown or a forbidden one opens
 * the first (the summary).
 */
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useAccess } from '@crm/shared';
import { Card, PageTitle, Result, Skeleton, Tabs, isNotFound, useResourceGetQuery } from '@crm/shared/ui';
import { parseRouteId, routeUrl } from '@crm/shared/routes';
import { affiliateTabs } from '../affiliateTabs.tsx';

const companiesPath = '/settings/affiliate/company';

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('settings:affiliates.notFound')} data-testid="affiliate-company-not-found" />;
}

function AffiliateCompany({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const { can } = useAccess();
  const [searchParams, setSearchParams] = useSearchParams();
  const company = useResourceGetQuery({ path: companiesPath, id: companyId });
  if (company.isError && isNotFound(company.error)) return <NotFound />;

  const name = company.data ? String(company.data.data['name']) : '';
  const tabs = affiliateTabs.filter((tab) => can(tab.permission));
  const asked = searchParams.get('tab');
  const active = tabs.find((tab) => tab.key === asked)?.key ?? tabs[0]?.key;

  function open(key: string) {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', key);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Card
      data-testid="affiliate-company-screen"
      title={
        <PageTitle inCard testId="affiliate-company-name">
          {name || t('menu.settings.affiliateCompany')}
        </PageTitle>
      }
      extra={<Link to={routeUrl('settings/affiliate/companies')}>{t('settings:affiliates.backToList')}</Link>}
    >
      {company.isLoading || !company.data ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Tabs
          activeKey={active}
          onChange={open}
          destroyOnHidden
          data-testid="affiliate-company-tabs"
          items={tabs.map((tab) => ({ key: tab.key, label: t(tab.labelKey), children: tab.render({ id: companyId, name }) }))}
        />
      )}
    </Card>
  );
}

export function AffiliateCompanyScreen() {
  const companyId = parseRouteId(useParams().id);
  return companyId === null ? <NotFound /> : <AffiliateCompany companyId={companyId} />;
}
