import { createSelector } from '@reduxjs/toolkit';
import { fetchLocales, type RootState } from '@crm/shared';
import { crudPermissions } from '@crm/shared/contract';
import { configure, fireEvent, installTestHttpClient, renderWithProviders, requestBody, screen, signedInSession, userEvent, waitFor, within, type TestReply } from '@crm/shared/testing';
import type { InternalAxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { ResourceScreen, type ResourceSpec } from './ResourceScreen.tsx';

// A whole antd screen in jsdom: the first render alone takes seconds on a busy machine.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 10_000 });

const localeOptions = createSelector(
  (state: RootState) => state.locales.data,
  (locales) => Object.entries(locales).map(([value, label]) => ({ value, label })),
);

const spec: ResourceSpec = {
  path: '/settings/status',
  titleKey: 'Statuses',
  nounKey: 'Status',
  permissions: crudPermissions('settings.status'),
  columns: [
    { key: 'name', title: 'Name', sortKey: 'name' },
    { key: 'class', title: 'Class' },
  ],
  fields: [
    { name: 'name', labelKey: 'Name', kind: 'text' },
    { name: 'bg_color', labelKey: 'Background', kind: 'color' },
  ],
  body: z.object({ name: z.string().trim().min(1), bg_color: z.string().optional() }),
  filters: [
    {
      name: 'class',
      labelKey: 'Class',
      kind: 'select',
      options: [
        { value: 'lead', label: 'Lead' },
        { value: 'email', labelKey: 'E-mail' },
      ],
    },
    { name: 'locale', labelKey: 'Locale', kind: 'select', options: localeOptions },
  ],
  preview: (values) => (
    <span data-testid="badge" style={{ background: typeof values['bg_color'] === 'string' ? values['bg_color'] : '#d9d9d9' }}>
      {typeof values['name'] === 'string' ? values['name'] : ''}
    </span>
  ),
};

const rows = Array.from({ length: 3 }, (_unused, index) => ({ id: index + 1, name: `Status ${index + 1}` }));

function renderScreen(
  write: (request: InternalAxiosRequestConfig) => TestReply = () => ({ status: 201, data: { message: 'Setting successfully created', data: rows[0] } }),
  screenSpec: ResourceSpec = spec,
) {
  const http = installTestHttpClient((request) =>
    request.method === 'get' ? { status: 200, data: { data: rows, meta: { current_page: 1, per_page: 25, total: 100, last_page: 4 } } } : write(request),
  );
  const view = renderWithProviders(<ResourceScreen spec={screenSpec} />, { session: signedInSession(['settings.status.view', 'settings.status.create']) });
  return { ...view, http };
}

const listParams = (http: ReturnType<typeof renderScreen>['http']) =>
  http.adapter.requests.filter((request) => request.method === 'get').map((request) => request.params as Record<string, unknown>);

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

test('a chosen filter goes to the list query and sends the list back to page 1', async () => {
  const { http } = renderScreen();
  await screen.findByText('Status 1');
  await userEvent.click(screen.getByTitle('2'));
  await waitFor(() => expect(listParams(http).at(-1)).toMatchObject({ page: 2 }));

  await choose('Class', 'Lead');

  await waitFor(() => expect(listParams(http).at(-1)).toMatchObject({ page: 1, class: 'lead' }));
  await choose('Class', 'E-mail');
  await waitFor(() => expect(listParams(http).at(-1)).toMatchObject({ page: 1, class: 'email' }));
});

test('filter options can come from the store', async () => {
  const { http, store } = renderScreen();
  store.dispatch(fetchLocales.fulfilled({ en: 'English', de: 'Deutsch' }, 'request', { get: () => Promise.resolve(null) }));
  await screen.findByText('Status 1');

  await choose('Locale', 'Deutsch');
  await waitFor(() => expect(listParams(http).at(-1)).toMatchObject({ locale: 'de' }));
});

test('the preview follows the form values as they change', async () => {
  renderScreen();
  await userEvent.click(screen.getByRole('button', { name: /Create/ }));
  const dialog = await screen.findByRole('dialog');

  await userEvent.type(within(dialog).getByLabelText('Name'), 'Hot');
  fireEvent.change(within(dialog).getByLabelText('Background'), { target: { value: '#ff0000' } });

  const badge = within(dialog).getByTestId('badge');
  await waitFor(() => expect(badge).toHaveTextContent('Hot'));
  await waitFor(() => expect(badge).toHaveStyle({ backgroundColor: '#ff0000' }));
  fireEvent.change(within(dialog).getByLabelText('Background'), { target: { value: '#00ff00' } });
  await waitFor(() => expect(within(dialog).getByTestId('badge')).toHaveStyle({ backgroundColor: '#00ff00' }));
});

test('a 422 shows the server message under its field and keeps the form open', async () => {
  const { http } = renderScreen(() => ({ status: 422, data: { message: 'Taken', errors: { name: ['The name has already been taken.'] } } }));
  await userEvent.click(screen.getByRole('button', { name: /Create/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Name'), 'Duplicate');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(dialog).findByText('The name has already been taken.')).toBeInTheDocument();
  const post = http.adapter.requests.find((request) => request.method === 'post');
  expect(post && requestBody(post)).toEqual({ name: 'Duplicate' });
});

test('clicking a sortable header sends sort and direction from page 1', async () => {
  const { http } = renderScreen();
  await screen.findByText('Status 1');
  await userEvent.click(screen.getByTitle('2'));
  await waitFor(() => expect(listParams(http).at(-1)).toMatchObject({ page: 2 }));
  expect(listParams(http).at(-1)).not.toHaveProperty('sort');

  const header = screen.getByRole('columnheader', { name: /Name/ });
  await userEvent.click(header);
  await waitFor(() => expect(listParams(http).at(-1)).toMatchObject({ page: 1, sort: 'name', direction: 'asc' }));
  await userEvent.click(header);
  await waitFor(() => expect(listParams(http).at(-1)).toMatchObject({ sort: 'name', direction: 'desc' }));
});

test('onSaved gets the saved row after a create', async () => {
  const onSaved = jest.fn();
  renderScreen(undefined, { ...spec, onSaved });
  await userEvent.click(screen.getByRole('button', { name: /Create/ }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Name'), 'Status 1');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(rows[0]));
});
