import type { NotificationSummary } from '@crm/shared/contract';
import { notificationFixture, renderWithProviders, screen, signedInSession, userEvent, waitFor } from '@crm/shared/testing';
import { NotificationBell } from './NotificationBell.tsx';

const canView = ['user.profile.notification.view'];

type BellState = { permissions?: string[]; notifications?: NotificationSummary[]; total?: number };

function renderBell({ permissions = canView, notifications = [], total = notifications.length }: BellState = {}) {
  return renderWithProviders(<NotificationBell />, { session: signedInSession(permissions, { notifications, totalNotifications: total }) });
}

const badgeCount = () => screen.getByTestId('notification-badge').querySelector('.ant-badge-count');
const openBell = () => userEvent.click(screen.getByRole('button', { name: 'Notifications' }));

test('shows 99+ when more than 99 unread', () => {
  renderBell({ notifications: [notificationFixture(1)], total: 150 });

  expect(badgeCount()).toHaveAttribute('title', '99+');
  expect(badgeCount()).toHaveTextContent('99+');
});

test('shows the unread total up to 99', () => {
  renderBell({ notifications: [notificationFixture(1)], total: 99 });

  expect(badgeCount()).toHaveAttribute('title', '99');
});

test('shows no badge count without unread notifications', () => {
  renderBell();

  expect(badgeCount()).toBeNull();
});

test('lists up to three notifications, each with title, plain message and update time, linking to its page', async () => {
  const notifications = [
    notificationFixture(11, { data: { title: 'Import finished', message: '<b>200</b> leads imported' }, updated_at: '2024-03-05T10:20:30' }),
    notificationFixture(12),
    notificationFixture(13),
    notificationFixture(14),
  ];
  renderBell({ notifications, total: 3 });

  await openBell();

  const first = await screen.findByRole('link', { name: /Import finished/ });
  expect(first).toHaveAttribute('href', '/profile/notification/11');
  expect(first).toHaveTextContent('200 leads imported');
  expect(first).toHaveTextContent('Mar 05, 2024 10:20');
  expect(screen.getByRole('link', { name: /Title 13/ })).toHaveAttribute('href', '/profile/notification/13');
  expect(screen.queryByText('Title 14')).not.toBeInTheDocument();
});

test('shows an escaped message as the text it stands for, with no markup', async () => {
  const message = 'Sent to Sales &#38; Marketing: &#60;img src=&#34;x&#34;&#62; <b>2</b> leads';
  renderBell({ notifications: [notificationFixture(21, { data: { title: 'Send finished', message } })] });

  await openBell();

  const item = await screen.findByRole('link', { name: /Send finished/ });
  expect(item).toHaveTextContent('Sent to Sales & Marketing: <img src="x"> 2 leads');
  expect(item.querySelector('img, b')).toBeNull();
});

test('shows the see-more link only when the total is above 3', async () => {
  const notifications = [notificationFixture(1), notificationFixture(2), notificationFixture(3)];
  const { unmount } = renderBell({ notifications, total: 3 });
  await openBell();
  await screen.findByText('Title 1');
  expect(screen.queryByRole('link', { name: 'See more' })).not.toBeInTheDocument();
  unmount();

  renderBell({ notifications, total: 4 });
  await openBell();
  expect(await screen.findByRole('link', { name: 'See more' })).toHaveAttribute('href', '/profile/notifications');
});

test('shows the no-messages text when there are none', async () => {
  renderBell();

  await openBell();

  expect(await screen.findByText('No messages')).toBeInTheDocument();
});

test('is hidden without user.profile.notification.view', () => {
  renderBell({ permissions: ['user.profile.view'], notifications: [notificationFixture(1)], total: 5 });

  expect(screen.queryByRole('button', { name: 'Notifications' })).not.toBeInTheDocument();
  expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
});

test('closes once a notification is picked', async () => {
  renderBell({ notifications: [notificationFixture(21), notificationFixture(22)], total: 2 });
  await openBell();
  const popover = () => screen.getByTestId('notification-list').closest('.ant-popover');
  expect(popover()).not.toHaveClass('ant-popover-hidden');

  await userEvent.click(await screen.findByRole('link', { name: /Title 21/ }));

  await waitFor(() => expect(popover()).toHaveClass('ant-popover-hidden'));
});
