import { Route, Routes } from 'react-router-dom';
import type { PermissionRule } from '../../contract/index.ts';
import { renderWithProviders, screen, signedInSession, userEvent, within } from '../../testing/index.ts';
import { actionsColumnVisible, DataTable, type DataColumn, type RowActions } from './DataTable.tsx';

type Lead = { id: number; email: string; created_at: string | null; is_test: boolean };

const rows: Lead[] = [
  { id: 1, email: 'ada@example.com', created_at: '2024-03-05T10:20:30', is_test: true },
  { id: 2, email: 'bob@example.com', created_at: null, is_test: false },
];
const columns: DataColumn<Lead>[] = [
  { key: 'email', title: 'E-mail' },
  { key: 'created_at', title: 'Created', type: 'date' },
  { key: 'is_test', title: 'Test', type: 'boolean' },
];

function renderTable(permissions: string[], actions?: RowActions<Lead>) {
  return renderWithProviders(<DataTable<Lead> rows={rows} columns={columns} rowKey={(row) => row.id} {...(actions ? { actions } : {})} />, {
    session: signedInSession(permissions),
  });
}

describe('actionsColumnVisible', () => {
  const run = () => undefined;
  const holding = (held: string[]) => (rule: PermissionRule) => (typeof rule === 'string' ? held.includes(rule) : rule.anyOf.some((name) => held.includes(name)));

  test('is hidden without actions', () => {
    expect(actionsColumnVisible(undefined, holding(['lead.view']))).toBe(false);
    expect(actionsColumnVisible({}, holding(['lead.view']))).toBe(false);
  });

  test('is shown when the user holds the permission of one action', () => {
    const actions: RowActions<Lead> = { view: { permission: 'lead.single.view', run }, delete: { permission: 'management.user.update', run } };
    expect(actionsColumnVisible(actions, holding(['management.user.update']))).toBe(true);
    expect(actionsColumnVisible(actions, holding(['lead.single.view']))).toBe(true);
  });

  test('counts a screen’s own actions like the named ones', () => {
    const actions: RowActions<Lead> = { extra: [{ key: 'test', label: 'Test', permission: 'send.integration.update', run }] };
    expect(actionsColumnVisible(actions, holding(['send.integration.update']))).toBe(true);
    expect(actionsColumnVisible(actions, holding(['send.integration.view']))).toBe(false);
  });

  test('is hidden when the user holds none of the actions’ permissions', () => {
    const actions: RowActions<Lead> = { view: { permission: 'lead.single.view', run }, edit: { permission: 'lead.view', run }, cancel: { permission: 'user.profile.job.cancel', run } };
    expect(actionsColumnVisible(actions, holding(['dashboard.view']))).toBe(false);
  });
});

describe('DataTable', () => {
  test('renders each row with typed cells', () => {
    renderTable([]);

    const [, first, second] = screen.getAllByRole('row');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent('Mar 05, 2024');
    expect(within(first as HTMLElement).getByText('Yes')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('Not set')).toBeInTheDocument();
    expect(within(second as HTMLElement).getByText('No')).toBeInTheDocument();
  });

  test('has no actions column when the user may do none of the actions', () => {
    renderTable(['lead.view'], { view: { permission: 'lead.single.view', run: jest.fn() } });

    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
  });

  test('shows only the permitted actions, and a click runs the action on its row', async () => {
    const view = jest.fn<void, [Lead]>();
    const edit = jest.fn<void, [Lead]>();
    renderTable(['lead.single.view'], { view: { permission: 'lead.single.view', run: view }, edit: { permission: 'lead.view', run: edit } });

    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    const [, secondView] = screen.getAllByRole('button', { name: 'View' });
    await userEvent.click(secondView as HTMLElement);

    expect(view).toHaveBeenCalledWith(rows[1]);
    expect(edit).not.toHaveBeenCalled();
  });

  test('delete asks for confirmation before running', async () => {
    const remove = jest.fn<void, [Lead]>();
    renderTable(['lead.view'], { delete: { permission: 'lead.view', run: remove } });

    await userEvent.click(screen.getAllByRole('button', { name: 'Delete' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete?');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(remove).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(remove).toHaveBeenCalledWith(rows[0]);
  });
});

describe('DataTable sorting', () => {
  test('clicking a sortable header sends its sort key and direction, a third click clears it', async () => {
    const onSortChange = jest.fn();
    const sortable: DataColumn<Lead>[] = [
      { key: 'email', title: 'E-mail', sortKey: 'email' },
      { key: 'created_at', title: 'Created', sortKey: 'created_at', type: 'date' },
    ];
    renderWithProviders(<DataTable<Lead> rows={rows} columns={sortable} rowKey={(row) => row.id} onSortChange={onSortChange} />, { session: signedInSession([]) });
    const header = screen.getByRole('columnheader', { name: /Created/ });

    await userEvent.click(header);
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'created_at', direction: 'asc' });
    await userEvent.click(header);
    expect(onSortChange).toHaveBeenLastCalledWith({ sort: 'created_at', direction: 'desc' });
    await userEvent.click(header);
    expect(onSortChange).toHaveBeenLastCalledWith(null);
  });

  test('a column without a sort key is not sortable', async () => {
    const onSortChange = jest.fn();
    renderWithProviders(<DataTable<Lead> rows={rows} columns={columns} rowKey={(row) => row.id} onSortChange={onSortChange} />, { session: signedInSession([]) });

    await userEvent.click(screen.getByRole('columnheader', { name: 'E-mail' }));

    expect(onSortChange).not.toHaveBeenCalled();
    expect(screen.getByRole('columnheader', { name: 'E-mail' })).not.toHaveAttribute('aria-sort');
  });
});

test("a screen's own link with an icon is drawn as the row's icon buttons, a real link followed inside the app", async () => {
  const actions: RowActions<Lead> = { extra: [{ key: 'requests', label: 'Requests', icon: <span>R</span>, permission: 'lead.view', to: (row) => `/requests?lead_id=${row.id}` }] };
  renderWithProviders(
    <Routes>
      <Route path="/leads" element={<DataTable<Lead> rows={rows} columns={columns} rowKey={(row) => row.id} actions={actions} />} />
      <Route path="/requests" element={<p>requests page</p>} />
    </Routes>,
    { session: signedInSession(['lead.view']), initialEntries: ['/leads'] },
  );
  const link = within(screen.getByText('bob@example.com').closest('tr')!).getByRole('link', { name: 'Requests' });
  expect(link).toHaveAttribute('href', '/requests?lead_id=2');
  expect(link).toHaveClass('ant-btn', 'ant-btn-sm');

  await userEvent.click(link);

  expect(await screen.findByText('requests page')).toBeInTheDocument();
});

test("a screen's own pinned column stays at the right edge like the named actions' column; others scroll", () => {
  const withOwnActions: DataColumn<Lead>[] = [...columns, { key: 'own', title: 'Own actions', pinned: true, render: (row) => <button type="button">Fix {row.id}</button> }];
  renderWithProviders(<DataTable<Lead> rows={rows} columns={withOwnActions} rowKey={(row) => row.id} />, { session: signedInSession([]) });

  expect(screen.getByRole('columnheader', { name: 'Own actions' })).toHaveClass('ant-table-cell-fix-end');
  expect(screen.getByRole('button', { name: 'Fix 1' }).closest('td')).toHaveClass('ant-table-cell-fix-end');
  expect(screen.getByRole('columnheader', { name: 'E-mail' })).not.toHaveClass('ant-table-cell-fix-end');
});
