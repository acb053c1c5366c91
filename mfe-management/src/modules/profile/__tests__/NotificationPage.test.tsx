import { notificationFixture, profileFixture, screen, userEvent, waitFor, within, pageOf, stubApi } from '@crm/shared/testing';
import NotificationPage from '../../../exposes/NotificationPage.tsx';
import NotificationsPage from '../../../exposes/NotificationsPage.tsx';
import '../../../i18n/index.ts';
import { renderPage } from '../../../testing/renderPage.tsx';

jest.setTimeout(30_000);

const canView = ['user.profile.notification.view'] as const;
const hostile = notificationFixture(7, {
  type: 'warning',
  data: {
    title: 'Import finished',
    message: '<p>Imported <b>200</b> leads</p><script>window.__crmPwned = 1</script><img src="x" onerror="window.__crmPwned = 2"><a href="javascript:window.__crmPwned = 3">open</a>',
  },
  read_at: '2024-03-05T10:30:00',
  updated_at: '2024-03-05T10:20:30',
});

function renderNotification(at: string, answer = hostile) {
  const http = stubApi({
    'GET /notifications/7': { status: 200, data: { data: answer } },
    'GET /profile': { status: 200, data: { data: profileFixture({ notifications: [], total_notifications: 0 }) } },
  });
  const view = renderPage(<NotificationPage />, {
    route: '/profile/notification/:id',
    at,
    permissions: [...canView],
    session: { notifications: [notificationFixture(7)], totalNotifications: 1 },
  });
  return { ...view, http };
}

test('shows the title, time and the sanitised message', async () => {
  renderNotification('/profile/notification/7');

  const message = await screen.findByTestId('notification-message');
  expect(screen.getByRole('heading', { level: 1, name: 'Import finished' })).toBeInTheDocument();
  expect(screen.getByTestId('notification-time')).toHaveTextContent('Mar 05, 2024 10:20');
  expect(within(message).getByText('200').tagName).toBe('B');
  expect(message.querySelector('script')).toBeNull();
  expect(
    message
      .querySelector('img')
      ?.getAttributeNames()
      .filter((name) => name.startsWith('on')),
  ).toEqual([]);
  expect(message.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  expect(message.innerHTML).not.toContain('__crmPwned');
});

test('opening it refreshes the profile so the bell count follows at once', async () => {
  const { http, store } = renderNotification('/profile/notification/7');

  await screen.findByTestId('notification-message');
  await waitFor(() => expect(store.getState().session.totalNotifications).toBe(0));
  expect(http.adapter.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['get /notifications/7', 'get /profile']);
});

test('shows a not-found state with a link back to the list on a 404', async () => {
  renderNotification('/profile/notification/8');

  expect(await screen.findByText('Notification not found')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Back to notifications' }));
  expect(await screen.findByText('Notifications list page')).toBeInTheDocument();
});

test('lists notifications with unread ones in bold, each linking to its page, and marks all read', async () => {
  const unread = notificationFixture(1, { type: 'error', data: { title: 'Export failed', message: 'x' }, read_at: null });
  const read = notificationFixture(2, { data: { title: 'Import done', message: 'y' }, read_at: '2024-03-05T10:30:00' });
  let items = [unread, read];
  const http = stubApi({
    'GET /notifications': () => pageOf(items),
    'PUT /notifications/read/all': () => {
      items = items.map((item) => ({ ...item, read_at: '2024-03-06T00:00:00' }));
      return { status: 200, data: { message: 'All notifications marked read.' } };
    },
    'GET /profile': { status: 200, data: { data: profileFixture() } },
  });
  renderPage(<NotificationsPage />, { route: '/profile/notifications', at: '/profile/notifications', permissions: [...canView] });

  const unreadLink = await screen.findByRole('link', { name: 'Export failed' });
  expect(unreadLink).toHaveAttribute('href', '/profile/notification/1');
  expect(unreadLink).toHaveAttribute('data-unread', 'true');
  expect(unreadLink).toHaveStyle({ fontWeight: '600' });
  expect(screen.getByRole('link', { name: 'Import done' })).toHaveAttribute('data-unread', 'false');
  expect(screen.getByText('Error')).toBeInTheDocument();
  expect(screen.getAllByText('Mar 05, 2024 10:20')).toHaveLength(2);

  await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));

  expect(await screen.findByText('All notifications marked read.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('link', { name: 'Export failed' })).toHaveAttribute('data-unread', 'false'));
  expect(http.adapter.requests.map((request) => `${request.method} ${request.url}`)).toContain('put /notifications/read/all');
});
