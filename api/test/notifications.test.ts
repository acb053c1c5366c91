import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { html } from '../src/modules/notifications/html.ts';
import { notify } from '../src/modules/notifications/service.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

describe('notifications', () => {
  let context: TestContext;
  let user: { id: number; token: string };
  before(async () => {
    context = await createTestContext();
    user = await context.userWith(['user.profile.notification.view']);
    for (let index = 1; index <= 5; index += 1) {
      await notify(context.database.db, { userId: user.id, type: 'success', title: `Import ${index} finished`, message: html`<b>${index}</b> leads imported` });
    }
    const other = await context.userWith([]);
    await notify(context.database.db, { userId: other.id, type: 'warning', title: 'Not yours', message: html`private` });
  });
  after(() => context.close());

  const get = (url: string) => context.app.inject({ method: 'GET', url, headers: bearer(user.token) });

  test('the profile carries the unread total and the latest unread ones for the bell', async () => {
    const body = (await get('/api/profile')).json() as { data: { total_notifications: number; notifications: { data: { title: string } }[] } };
    assert.equal(body.data.total_notifications, 5);
    assert.equal(body.data.notifications[0]?.data.title, 'Import 5 finished');
  });

  test('the list is paginated, newest first, and holds only mine', async () => {
    const body = (await get('/api/notifications?per_page=2&page=2')).json() as { data: { data: { title: string } }[]; meta: Record<string, number> };
    assert.deepEqual(body.meta, { current_page: 2, per_page: 2, total: 5, last_page: 3 });
    assert.deepEqual(
      body.data.map((item) => item.data.title),
      ['Import 3 finished', 'Import 2 finished'],
    );
  });

  test('opening one marks it read; the unread count follows; another user gets 404', async () => {
    const list = (await get('/api/notifications')).json() as { data: { id: number }[] };
    const id = list.data[0]!.id;
    const opened = (await get(`/api/notifications/${id}`)).json() as { data: { read_at: string | null; data: { message: string } } };
    assert.ok(opened.data.read_at);
    assert.equal(opened.data.data.message, '<b>5</b> leads imported');
    assert.deepEqual((await get('/api/notifications/unread/count')).json(), { data: { total: 4 } });
    const stranger = await context.userWith(['user.profile.notification.view']);
    const response = await context.app.inject({ method: 'GET', url: `/api/notifications/${id}`, headers: bearer(stranger.token) });
    assert.equal(response.statusCode, 404);
  });

  test('mark all read empties the unread count', async () => {
    const response = await context.app.inject({ method: 'PUT', url: '/api/notifications/read/all', headers: bearer(user.token) });
    assert.equal(response.statusCode, 200);
    assert.deepEqual((await get('/api/notifications/unread/count')).json(), { data: { total: 0 } });
    const unread = (await get('/api/notifications?unread=true')).json() as { meta: { total: number } };
    assert.equal(unread.meta.total, 0);
  });
});
