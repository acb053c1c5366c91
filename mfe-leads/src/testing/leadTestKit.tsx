/** Fixtures and render helpers of the lead screen tests: contract-shaped leads, option lists, the routes. */
import { Route, Routes, useLocation } from 'react-router-dom';
import { fetchOptionList, type AppStore } from '@crm/shared';
import type { LeadDetail, LeadListItem } from '@crm/shared/contract';
import type { SessionState } from '@crm/shared';
import { act, renderWithProviders, screen, signedInSession, userEvent, waitFor, within } from '@crm/shared/testing';
import LeadProfilePage from '../exposes/LeadProfilePage.tsx';
import LeadSearchPage from '../exposes/LeadSearchPage.tsx';

export const newStatus = { id: 10, name: 'New', bg_color: '#ff0000', text_color: '#ffffff' };
export const calledStatus = { id: 11, name: 'Called', bg_color: '#00ff00', text_color: '#000000' };

export function leadItem(id: number, overrides: Partial<LeadListItem> = {}): LeadListItem {
  return {
    id,
    lead_id: `L-${id}`,
    name: `Ada${id}`,
    surname: 'Lovelace',
    email: `ada${id}@example.com`,
    phone: '030 1234567',
    phone_normalized: '+49301234567',
    country: 'DE',
    language: 'de',
    funnel: 'crypto-1',
    source: { id: 1, name: 'Alpha Ads' },
    status: newStatus,
    tags: [{ id: 4, name: 'VIP' }],
    last_department: { id: 8, label: 'Broker One - Berlin' },
    distribution: null,
    last_sent_at: '2024-03-06T10:20:30.000Z',
    is_fresh: true,
    deposit_exists: true,
    purchase_amount: '250.00',
    api_ftd_at: null,
    created_at: '2024-03-05T10:20:30.000Z',
    updated_at: '2024-03-07T10:20:30.000Z',
    ...overrides,
  };
}

export function leadDetail(id: number, overrides: Partial<LeadDetail> = {}): LeadDetail {
  return {
    ...leadItem(id),
    alt_email: null,
    phone_prefix: '+49',
    alt_phone: null,
    alt_phone_prefix: null,
    address: 'Unter den Linden 1',
    second_address: null,
    state: 'Berlin',
    city: 'Berlin',
    zip: '10117',
    date_of_birth: '1990-04-30',
    comment: 'Call after 5',
    ip: '203.0.113.9',
    affiliate_company: { id: 2, name: 'Affiliates GmbH' },
    click_id: 'clk-81',
    sub1: 'banner-3',
    sub2: null,
    sub3: null,
    sub4: null,
    sub5: null,
    status_id: newStatus.id,
    original_status: calledStatus,
    original_status_id: calledStatus.id,
    status_changed_at: '2024-03-06T08:00:00.000Z',
    live_status: 'Interested',
    email_status: null,
    alt_email_status: null,
    phone_status: null,
    alt_phone_status: null,
    not_available_till: null,
    purchase_site: 'shop.example',
    purchase_date: '2024-03-06T09:00:00.000Z',
    recovery_amount: null,
    product_name: 'GoldBrand',
    card_name: null,
    card_type: 'VISA',
    card_digits: '4242',
    api_lead_id: 'BRK-77',
    api_lead_status: 'Deposited',
    api_client_id: 'C-9',
    lead_url: 'https://broker.example/autologin?t=abc',
    client_url: null,
    created_by: { id: 1, name: 'Ada Admin' },
    ...overrides,
  };
}

export const pageReply = (items: LeadListItem[], meta: Partial<{ total: number; total_estimated: boolean; total_lower_bound: boolean; current_page: number; per_page: number }> = {}) => ({
  status: 200,
  data: { data: items, meta: { current_page: 1, per_page: 25, total: items.length, last_page: 1, total_estimated: false, total_lower_bound: false, ...meta } },
});

/** The option lists the filters and forms choose from, as if the background cycle had loaded them. */
export function loadOptions(store: AppStore): void {
  const get = () => Promise.resolve(null);
  const lists = {
    statuses: [
      { id: 10, name: 'New', class: 'lead', in_import: true, bgColor: '#ff0000', textColor: '#ffffff' },
      { id: 11, name: 'Called', class: 'lead', in_import: true, bgColor: '#00ff00', textColor: '#000000' },
      { id: 12, name: 'Bounced', class: 'email', in_import: false, bgColor: '#000000', textColor: '#ffffff' },
    ],
    sources: [{ id: 1, name: 'Alpha Ads' }],
    tags: [
      { id: 4, name: 'VIP', user_setting_id: null },
      { id: 5, name: 'Cold', user_setting_id: null },
    ],
    countries: [{ id: 276, name: 'Germany', iso_3166_2: 'DE', calling_code: '49', flag: 'DE.png' }],
    affiliateCompanies: [{ id: 2, name: 'Affiliates GmbH' }],
    brokerDepartments: [{ id: 8, branch_name: 'Berlin', broker_id: { id: 3, name: 'Broker One', affiliate_companies: [] } }],
  } as const;
  act(() => {
    for (const [name, data] of Object.entries(lists)) {
      store.dispatch(fetchOptionList.fulfilled([...data], `test-${name}`, { name: name as keyof typeof lists, get }));
    }
  });
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export const everyLeadPermission = ['lead.view', 'lead.single.view', 'lead.create', 'lead.update', 'lead.status.update', 'lead.delete'];

/** The two lead routes as the host mounts them, the current location shown in `data-testid="location"`. */
export function renderLeadRoutes(at: string, permissions: string[] = everyLeadPermission, session: Partial<SessionState> = {}) {
  const view = renderWithProviders(
    <>
      <Routes>
        <Route path="/lead/search" element={<LeadSearchPage />} />
        <Route path="/lead/single/:id" element={<LeadProfilePage />} />
      </Routes>
      <LocationProbe />
    </>,
    { session: signedInSession(permissions, session), initialEntries: [at] },
  );
  loadOptions(view.store);
  return view;
}

// The pointer-events check reads computed styles up the tree on every event, which is slow with antd's
// many style tags in jsdom; nothing on these screens disables pointer events.
export const user = userEvent.setup({ pointerEventsCheck: 0 });

/**
 * Picks an option of the select inside `data-testid={testId}`. Role and text queries over a whole screen are
 * slow in jsdom, so the select is found inside its test id and the option among the open dropdowns only.
 */
export async function chooseOption(testId: string, option: string): Promise<void> {
  await user.click(within(screen.getByTestId(testId)).getByRole('combobox'));
  const picked = await waitFor(() => {
    const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option-content')];
    const found = open.find((element) => element.textContent === option);
    if (!found) throw new Error(`no open option ${option}`);
    return found;
  });
  await user.click(picked);
}
