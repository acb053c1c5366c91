/** A stubbed API for screen tests: replies keyed by 'METHOD /path', anything else a 404. */
import type { InternalAxiosRequestConfig } from 'axios';
import { installTestHttpClient, type TestClient, type TestReply } from './httpAdapter.ts';

export type StubReply = TestReply | ((request: InternalAxiosRequestConfig) => TestReply);

/** Replies keyed by 'METHOD /path' (e.g. 'GET /management/user/7'); the query string is not part of the key. */
export function stubApi(replies: Record<string, StubReply>): TestClient {
  return installTestHttpClient((request) => {
    const reply = replies[`${(request.method ?? 'get').toUpperCase()} ${request.url ?? ''}`];
    if (!reply) return { status: 404, data: { message: 'Not found' } };
    return typeof reply === 'function' ? reply(request) : reply;
  });
}

/** A 200 with one page of a paginated list holding these items. */
export function pageOf<Item>(items: Item[]): TestReply {
  return { status: 200, data: { data: items, meta: { current_page: 1, per_page: 25, total: items.length, last_page: 1 } } };
}

/** The antd form item around a field, where its messages show. */
export function formItemOf(field: HTMLElement): HTMLElement {
  const item = field.closest<HTMLElement>('.ant-form-item');
  if (!item) throw new Error('the field is not inside a form item');
  return item;
}
