/**
 * The advanced search: every filter of `leadFilterKeys`, applied together with
 * the Apply button (or Enter in a text field) and cleared with Reset. The form is re-created from the
 * URL whenever the URL changes (back / forward, a shared link), so it always shows what the list shows.
 * The four filters used most stand in one row; the others open with "More filters", so the table starts
 * above the fold. They stand open when the page opens with one of them set; closed, the button counts those set.
 * They are not rendered until first opened (or set): their fourteen controls took about 400 ms of the page's first
 * render on the CI machine kind, for a panel most visits never open.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, countrySearch, Flex, Form, Row, type SelectProps } from '@crm/shared/ui';
import { leadFilterKeys, type LeadFilterKey } from '@crm/shared/contract';
import { filledFilters, type LeadFilters } from '../../hooks/leadSearchUrl.ts';
import { useCountryChoices, useDepartmentChoices, useNamedChoices, useStatusChoices, type Choice } from '../../hooks/useLeadChoices.ts';
import { FilterControl, type FilterKind } from './FilterControl.tsx';
import { filtersOf, formValuesOf, type FilterFormValues } from './filterForm.ts';

const primaryFilterKeys: readonly LeadFilterKey[] = ['search', 'email', 'status_id', 'source_id'];
const moreFilterKeys = leadFilterKeys.filter((key) => !primaryFilterKeys.includes(key));

type LeadFiltersPanelProps = { filters: LeadFilters; onApply(filters: LeadFilters): void };

function useFilterKinds(): Record<LeadFilterKey, FilterKind> {
  const statuses = useStatusChoices('lead');
  const sources = useNamedChoices('sources');
  const tags = useNamedChoices('tags');
  const companies = useNamedChoices('affiliateCompanies');
  const countries = useCountryChoices();
  const departments = useDepartmentChoices();
  const choices = (list: { choices: readonly Choice<string | number>[]; loading: boolean }, search?: SelectProps['showSearch']): FilterKind => ({
    kind: 'choices',
    choices: list.choices,
    loading: list.loading,
    ...(search ? { search } : {}),
  });
  return {
    search: { kind: 'text' },
    email: { kind: 'text' },
    status_id: choices(statuses),
    original_status_id: choices(statuses),
    source_id: choices(sources),
    tag_id: choices(tags),
    country: choices(countries, countrySearch),
    language: { kind: 'codes' },
    funnel: { kind: 'text' },
    affiliate_company_id: choices(companies),
    department_id: choices(departments),
    created_from: { kind: 'date' },
    created_to: { kind: 'date' },
    ftd_from: { kind: 'date' },
    ftd_to: { kind: 'date' },
    has_deposit: { kind: 'yesNo' },
    is_fresh: { kind: 'yesNo' },
    sent: { kind: 'sent' },
    distribution: { kind: 'distribution' },
  };
}

export function LeadFiltersPanel({ filters, onApply }: LeadFiltersPanelProps) {
  const { t } = useTranslation('leads');
  const kinds = useFilterKinds();
  // Reset with no filter in the URL changes nothing there; this re-creates the form all the same.
  const [resets, setResets] = useState(0);
  const filled = filledFilters(filters);
  const moreSet = moreFilterKeys.filter((key) => key in filled).length;
  const [moreOpen, setMoreOpen] = useState(moreSet > 0);
  const [moreOpened, setMoreOpened] = useState(false);
  // A filter with a value is always rendered (a link or back / forward may set one while the panel is closed):
  // the form submits only the fields it has.
  const moreRendered = moreOpen || moreOpened || moreSet > 0;
  const moreLabel = moreSet > 0 ? t('leads.search.more_filters_set', { count: moreSet }) : t('leads.search.more_filters');
  return (
    <Card size="small" title={t('leads.search.advanced')} style={{ marginBottom: 16 }} data-testid="lead-filters">
      <Form<FilterFormValues>
        key={`${resets}:${JSON.stringify(filters)}`}
        name="lead-filters"
        layout="vertical"
        initialValues={formValuesOf(filters)}
        onFinish={(values) => onApply(filtersOf(values))}
      >
        <Row gutter={16}>
          {primaryFilterKeys.map((key) => (
            <FilterControl key={key} name={key} filter={kinds[key]} />
          ))}
          {/* Once rendered, closing hides them, not unmounts them: the form keeps what was typed. */}
          {moreRendered && moreFilterKeys.map((key) => <FilterControl key={key} name={key} filter={kinds[key]} hidden={!moreOpen} />)}
        </Row>
        <Flex gap="small" justify="end">
          <Button
            type="link"
            aria-expanded={moreOpen}
            onClick={() => {
              setMoreOpen((open) => !open);
              setMoreOpened(true);
            }}
            data-testid="lead-filters-more"
            style={{ marginRight: 'auto', paddingInline: 0 }}
          >
            {moreOpen ? t('leads.search.fewer_filters') : moreLabel}
          </Button>
          <Button
            data-testid="lead-filters-reset"
            onClick={() => {
              setResets((count) => count + 1);
              onApply({});
            }}
          >
            {t('leads.search.reset')}
          </Button>
          <Button type="primary" htmlType="submit" data-testid="lead-filters-apply">
            {t('leads.search.apply')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
