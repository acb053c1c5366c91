import { crudPermissions } from '@crm/shared/contract';
import {
  configure,
  fireEvent,
  formItemOf,
  installTestHttpClient,
  renderWithProviders,
  requestBody,
  screen,
  signedInSession,
  userEvent,
  waitFor,
  within,
  type TestReply,
} from '@crm/shared/testing';
import type { InternalAxiosRequestConfig } from 'axios';
import { z } from 'zod';
import { useMemo } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ResourceScreen, type ResourceSpec } from './ResourceScreen.tsx';
import { fieldForError, valueAt, withoutValueAt } from './resourceFields.tsx';
import { isRequiredField } from './requiredFields.ts';
import { sectionsOf } from './ResourceFormModal.tsx';

// A whole antd screen in jsdom: the first render alone takes seconds on a busy machine.
jest.setTimeout(180_000);
configure({ asyncUtilTimeout: 20_000 });

/** Pasting instead of typing key by key: the same change for the form, far fewer renders on a busy machine. */
async function enter(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

const row = {
  id: 4,
  name: 'Hub',
  mode: 'basic',
  username: 'hub-user',
  password: '••••yz',
  api_key: null,
  web_pages: ['https://a.test'],
  expires: '2026-12-31',
  owner: { id: 2, name: 'Owner two' },
  rules: { path: 'data.id', contains: 'ok' },
  hook_url: 'https://crm.test/hook/4',
};

const ownerOptions = [
  { value: 2, label: 'Owner two' },
  { value: 3, label: 'Owner three' },
];
/** Options from a hook (in the product: an option list loaded on demand, a query). */
function useOwnerOptions() {
  return useMemo(() => ownerOptions, []);
}

const spec: ResourceSpec = {
  path: '/things',
  titleKey: 'Things',
  nounKey: 'Thing',
  permissions: crudPermissions('settings.tag'),
  columns: [{ key: 'name', title: 'Name' }],
  fields: [
    { name: 'name', labelKey: 'Name', kind: 'text', group: 'Main' },
    { name: 'owner_id', labelKey: 'Owner', kind: 'select', useOptions: useOwnerOptions, nullable: true, group: 'Main' },
    { name: 'web_pages', labelKey: 'Web pages', kind: 'tags', group: 'Main' },
    { name: 'expires', labelKey: 'Expires', kind: 'date', nullable: true, group: 'Main' },
    {
      name: 'mode',
      labelKey: 'Mode',
      kind: 'select',
      options: [
        { value: 'none', label: 'None' },
        { value: 'basic', label: 'Basic' },
      ],
      group: 'Auth',
    },
    { name: 'username', labelKey: 'Username', kind: 'text', group: 'Auth', visible: (values) => values['mode'] === 'basic' },
    { name: 'password', labelKey: 'Password', kind: 'secret', group: 'Auth', visible: (values) => values['mode'] === 'basic' },
    { name: 'api_key', labelKey: 'API key', kind: 'secret', group: 'Auth' },
    { name: 'rules.path', labelKey: 'Rule path', kind: 'text', group: 'Rules' },
    { name: 'rules.contains', labelKey: 'Rule contains', kind: 'text', group: 'Rules' },
    { name: 'hook_url', labelKey: 'Hook URL', kind: 'readonly', group: 'Rules' },
  ],
  // As the contract writes a create body: required, nullable, optional, a nested group that is optional as a whole.
  body: z.object({
    name: z.string().trim().min(1),
    owner_id: z.number().nullable().optional(),
    web_pages: z.array(z.string()).optional(),
    expires: z.string().nullable().optional(),
    mode: z.enum(['none', 'basic']),
    username: z.string().trim().min(1).optional(),
    password: z.string().min(1),
    api_key: z.string().nullable().optional(),
    rules: z.object({ path: z.string().min(1), contains: z.string().optional() }).optional(),
  }),
  defaults: { mode: 'none' },
  toFormValues: (item) => ({ ...item, owner_id: (item['owner'] as { id: number } | null)?.id ?? null }),
  toBody: (values) => ({ ...values, name: typeof values['name'] === 'string' ? values['name'].trim() : values['name'] }),
  rowActions: [
    { key: 'history', labelKey: 'History', permission: 'settings.tag.view', to: (item) => `/things/${item.id}/history` },
    {
      key: 'probe',
      labelKey: 'Probe',
      permission: 'settings.tag.update',
      dialog: (item, close) => (
        <div role="dialog" aria-label="Probe">
          {`probing ${String(item['name'])}`}
          <button onClick={close}>Done</button>
        </div>
      ),
    },
  ],
};

function renderScreen(
  write: (request: InternalAxiosRequestConfig) => TestReply = () => ({ status: 200, data: { message: 'Saved', data: row } }),
  permissions = ['settings.tag.view', 'settings.tag.create', 'settings.tag.update'],
) {
  const http = installTestHttpClient((request) =>
    request.method === 'get' ? { status: 200, data: { data: [row], meta: { current_page: 1, per_page: 25, total: 1, last_page: 1 } } } : write(request),
  );
  const view = renderWithProviders(
    <Routes>
      <Route path="/things" element={<ResourceScreen spec={spec} />} />
      <Route path="/things/:id/history" element={<p>history page</p>} />
    </Routes>,
    { session: signedInSession(permissions), initialEntries: ['/things'] },
  );
  return { ...view, http };
}

async function openEdit() {
  const cell = await screen.findByText('Hub');
  await userEvent.click(within(cell.closest('tr')!).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog');
}

const sentBody = (http: ReturnType<typeof renderScreen>['http'], method: string) => {
  const request = http.adapter.requests.find((candidate) => candidate.method === method);
  return request && requestBody(request);
};

describe('resource field helpers', () => {
  test('read and drop values at dotted names', () => {
    expect(valueAt({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(valueAt({ a: null }, 'a.b')).toBeUndefined();
    const source = { a: { b: 1, c: 2 }, d: 3 };
    expect(withoutValueAt(source, 'a.b')).toEqual({ a: { c: 2 }, d: 3 });
    expect(withoutValueAt(source, 'd')).toEqual({ a: { b: 1, c: 2 } });
    expect(source).toEqual({ a: { b: 1, c: 2 }, d: 3 });
  });

  test('a server error key belongs to the same or the nearest enclosing field', () => {
    const fields = [{ name: 'rules' }, { name: 'rules.path' }, { name: 'web_pages' }];
    expect(fieldForError(fields, 'rules.path')?.name).toBe('rules.path');
    expect(fieldForError(fields, 'rules.other')?.name).toBe('rules');
    expect(fieldForError(fields, 'web_pages.2')?.name).toBe('web_pages');
    expect(fieldForError(fields, 'web')).toBeUndefined();
  });

  const requiredRuleBody = z.object({
    name: z.string().trim().min(1),
    note: z.string().max(10),
    code: z.string().regex(/^\d{3}$/),
    tags: z.array(z.string()).min(1),
    labels: z.array(z.string()),
    class: z.enum(['a', 'b']),
    owner_id: z.number().nullable().optional(),
    parent_id: z.number().nullable(),
    limit: z.number().int(),
    active: z.boolean(),
    group: z.object({ inner: z.string().min(1) }),
    maybe: z.object({ inner: z.string().min(1) }).optional(),
  });

  test.each([
    ['name', 'text', true],
    ['note', 'text', false],
    ['code', 'text', true],
    ['tags', 'tags', true],
    ['labels', 'multiselect', false],
    ['class', 'select', true],
    ['owner_id', 'select', false],
    ['parent_id', 'select', false],
    ['limit', 'number', true],
    ['active', 'boolean', false],
    ['group.inner', 'text', true],
    ['maybe.inner', 'text', false],
    ['unknown', 'text', false],
  ] as const)('a field is required when the body refuses it both missing and emptied: %s (%s) → %p', (name, kind, required) => {
    expect(isRequiredField(requiredRuleBody, name, kind)).toBe(required);
  });

  test('sections keep the order of their first field', () => {
    const sections = sectionsOf([
      { name: 'a', labelKey: 'a', kind: 'text', group: 'One' },
      { name: 'b', labelKey: 'b', kind: 'text', group: 'Two' },
      { name: 'c', labelKey: 'c', kind: 'text', group: 'One' },
    ]);
    expect(sections.map((section) => [section.group, section.fields.map((field) => field.name)])).toEqual([
      ['One', ['a', 'c']],
      ['Two', ['b']],
    ]);
  });
});

test('the edit form starts from toFormValues with secrets empty and their masks as placeholders, in sections', async () => {
  renderScreen();
  const dialog = await openEdit();

  expect(within(dialog).getByRole('region', { name: 'Auth' })).toContainElement(within(dialog).getByLabelText('Username'));
  expect(within(dialog).getByLabelText('Name')).toHaveValue('Hub');
  expect(within(dialog).getByLabelText('Expires')).toHaveValue('2026-12-31');
  expect(within(formItemOf(within(dialog).getByLabelText('Owner'))).getByText('Owner two')).toBeInTheDocument();
  expect(within(dialog).getByLabelText('Rule path')).toHaveValue('data.id');
  const password = within(dialog).getByLabelText('Password');
  expect(password).toHaveValue('');
  expect(password).toHaveAttribute('placeholder', '••••yz');
  expect(within(dialog).getByText('https://crm.test/hook/4')).toBeInTheDocument();
  // No secret stored: nothing to clear.
  expect(within(formItemOf(within(dialog).getByLabelText('API key'))).queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
});

test('an untouched secret is left out, nested and cleared values are sent, toBody shapes the body', async () => {
  const { http } = renderScreen();
  const dialog = await openEdit();
  await enter(within(dialog).getByLabelText('Name'), '  ');
  fireEvent.change(within(dialog).getByLabelText('Expires'), { target: { value: '' } });
  await userEvent.clear(within(dialog).getByLabelText('Rule contains'));
  await enter(within(dialog).getByLabelText('Rule contains'), 'fine');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sentBody(http, 'put')).toBeDefined());
  const body = sentBody(http, 'put') as Record<string, unknown>;
  expect(body).toEqual({
    name: 'Hub',
    owner_id: 2,
    web_pages: ['https://a.test'],
    expires: null,
    mode: 'basic',
    username: 'hub-user',
    rules: { path: 'data.id', contains: 'fine' },
  });
});

test('a typed secret is sent, Clear sends null, and Keep undoes the clear', async () => {
  const { http } = renderScreen();
  const dialog = await openEdit();
  const passwordItem = formItemOf(within(dialog).getByLabelText('Password'));
  await userEvent.click(within(passwordItem).getByRole('button', { name: 'Clear' }));
  expect(within(passwordItem).getByPlaceholderText('Cleared on save')).toBeDisabled();
  await userEvent.click(within(passwordItem).getByRole('button', { name: 'Keep' }));
  await userEvent.click(within(passwordItem).getByRole('button', { name: 'Clear' }));
  await enter(within(dialog).getByLabelText('API key'), 'new-key');
  await userEvent.click(within(dialog).getByLabelText('Owner'));
  await userEvent.click(await screen.findByText('Owner three', { selector: '.ant-select-item-option-content' }));

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sentBody(http, 'put')).toBeDefined());
  expect(sentBody(http, 'put')).toMatchObject({ password: null, api_key: 'new-key', owner_id: 3 });
});

test('a field hidden by its condition is not shown and not sent; create starts from the defaults', async () => {
  const { http } = renderScreen(() => ({ status: 201, data: { message: 'Created', data: row } }));
  await userEvent.click(await screen.findByRole('button', { name: /Create/ }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).queryByLabelText('Username')).not.toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Mode' }));
  await userEvent.click(await screen.findByText('Basic', { selector: '.ant-select-item-option-content' }));
  await enter(await within(dialog).findByLabelText('Username'), 'temp');
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Mode' }));
  await userEvent.click(await screen.findByText('None', { selector: '.ant-select-item-option-content' }));
  await waitFor(() => expect(within(dialog).queryByLabelText('Username')).not.toBeInTheDocument());
  await enter(within(dialog).getByLabelText('Name'), 'New');

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  await waitFor(() => expect(sentBody(http, 'post')).toBeDefined());
  // The nested group's inputs were left empty: an empty group (the API keeps no rules), no hidden username.
  expect(sentBody(http, 'post')).toEqual({ name: 'New', mode: 'none', rules: {} });
});

test('the fields the body requires are marked, and an empty one is refused under it before anything is sent', async () => {
  const { http } = renderScreen();
  await userEvent.click(await screen.findByRole('button', { name: /Create/ }));
  const dialog = await screen.findByRole('dialog');
  const isMarked = (label: string) => within(dialog).getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required');
  expect(['Name', 'Mode', 'API key', 'Owner', 'Web pages', 'Rule path'].map(isMarked)).toEqual([true, true, false, false, false, false]);

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(formItemOf(within(dialog).getByLabelText('Name'))).findByText('Name is required.')).toBeInTheDocument();
  expect(http.adapter.requests.filter((request) => request.method !== 'get')).toEqual([]);
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Mode' }));
  await userEvent.click(await screen.findByText('Basic', { selector: '.ant-select-item-option-content' }));
  expect(isMarked('Password')).toBe(true);
});

test('on an edit, an empty secret keeps the stored one: it is not required', async () => {
  renderScreen();
  const dialog = await openEdit();
  expect(within(dialog).getByText('Password', { selector: 'label' })).not.toHaveClass('ant-form-item-required');
  expect(within(dialog).getByText('Name', { selector: 'label' })).toHaveClass('ant-form-item-required');
});

test('422 messages show under nested and list fields', async () => {
  renderScreen(() => ({ status: 422, data: { message: 'Invalid', errors: { 'rules.path': ['A path is dotted names.'], 'web_pages.0': ['Each web page must be an http(s) address.'] } } }));
  const dialog = await openEdit();

  await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

  expect(await within(formItemOf(within(dialog).getByLabelText('Rule path'))).findByText('A path is dotted names.')).toBeInTheDocument();
  expect(within(formItemOf(within(dialog).getByLabelText('Web pages'))).getByText('Each web page must be an http(s) address.')).toBeInTheDocument();
});

test('row actions: a link to another screen and a dialog of the screen’s own, each per its permission', async () => {
  renderScreen();
  const cell = await screen.findByText('Hub');
  const tableRow = cell.closest('tr')!;

  await userEvent.click(within(tableRow).getByRole('button', { name: 'Probe' }));
  const probe = await screen.findByRole('dialog', { name: 'Probe' });
  expect(probe).toHaveTextContent('probing Hub');
  await userEvent.click(within(probe).getByRole('button', { name: 'Done' }));
  expect(screen.queryByRole('dialog', { name: 'Probe' })).not.toBeInTheDocument();

  await userEvent.click(within(tableRow).getByRole('link', { name: 'History' }));
  expect(await screen.findByText('history page')).toBeInTheDocument();
});

test('row actions the user may not use are not shown', async () => {
  renderScreen(undefined, ['settings.tag.view']);
  const cell = await screen.findByText('Hub');
  expect(within(cell.closest('tr')!).queryByRole('button', { name: 'Probe' })).not.toBeInTheDocument();
  expect(within(cell.closest('tr')!).getByRole('link', { name: 'History' })).toBeInTheDocument();
});
