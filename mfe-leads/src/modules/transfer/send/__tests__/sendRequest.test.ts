import { sendMaxLeads, sendRequest, type Job } from '@crm/shared/contract';
import { jobFixture } from '@crm/shared/testing';
import de from '../../../../i18n/de.json';
import en from '../../../../i18n/en.json';
import { leadsToSend, placeSendErrors, scopeIsCapped, searchSendScope, sendHistoryPath, sendJobState, sendRequestBody } from '../sendRequest.ts';

const job = (overrides: Partial<Job>): Job =>
  jobFixture({ id: 42, type: 'lead.send', name: 'Send leads', status: 'running', total: 20, pending: 15, processed: 5, progress: 25, ...overrides });

describe('the send request', () => {
  test('a selection is sent by id, whatever the filters', () => {
    const body = sendRequestBody(8, searchSendScope([9, 5], { status_id: '1' }, 120, 'exact'));
    expect(body).toEqual({ broker_department_id: 8, lead_ids: [9, 5], filters: {} });
    expect(sendRequest.safeParse(body).success).toBe(true);
  });

  test('without a selection it sends the current filters, empty ones left out', () => {
    const body = sendRequestBody(8, searchSendScope([], { status_id: '1,2', search: 'anna', email: '' }, 120, 'exact'));
    expect(body).toEqual({ broker_department_id: 8, filters: { status_id: '1,2', search: 'anna' } });
  });

  test('a profile sends its one lead', () => {
    expect(sendRequestBody(3, { kind: 'lead', id: 5, label: 'L-5' })).toEqual({ broker_department_id: 3, lead_ids: [5], filters: {} });
  });
});

test('counts what a send takes: the filter is cut at the most one send takes', () => {
  expect(leadsToSend({ kind: 'lead', id: 5, label: 'L-5' })).toBe(1);
  expect(leadsToSend(searchSendScope([1, 2, 3], {}, 9, 'exact'))).toBe(3);
  expect(leadsToSend(searchSendScope([], {}, 120, 'exact'))).toBe(120);
  expect(leadsToSend(searchSendScope([], {}, null, 'exact'))).toBeNull();
  const huge = searchSendScope([], {}, sendMaxLeads + 1, 'estimated');
  expect(leadsToSend(huge)).toBe(sendMaxLeads);
  expect(scopeIsCapped(huge)).toBe(true);
  expect(scopeIsCapped(searchSendScope([], {}, sendMaxLeads, 'exact'))).toBe(false);
});

describe('where a send job stands', () => {
  test('running, with its progress', () => {
    expect(sendJobState(job({ status: 'pending', progress: 0, processed: 0 }))).toEqual({ kind: 'running', percent: 0, processed: 0, total: 20 });
    expect(sendJobState(job({}))).toEqual({ kind: 'running', percent: 25, processed: 5, total: 20 });
  });

  test('finished with its counts, or without them when the result is not a send report', () => {
    const report = { total: 20, sent: 17, failed: 1, skipped: 2 };
    expect(sendJobState(job({ status: 'finished', result: report }))).toEqual({ kind: 'finished', report });
    expect(sendJobState(job({ status: 'finished', result: { rows: 1 } }))).toEqual({ kind: 'finished', report: null });
  });

  test('failed with the error, or cancelled', () => {
    expect(sendJobState(job({ status: 'failed', error: 'circuit open' }))).toEqual({ kind: 'failed', error: 'circuit open' });
    expect(sendJobState(job({ status: 'cancelled' }))).toEqual({ kind: 'cancelled' });
  });
});

test('links to the send history of the department sent to', () => {
  expect(sendHistoryPath(8)).toBe('/lead/history/search?department_id=8');
});

test('a refusal about the department goes under it, any other above', () => {
  expect(placeSendErrors({ broker_department_id: 'This integration does not allow bulk sends' })).toEqual({ department: 'This integration does not allow bulk sends' });
  expect(placeSendErrors({ lead_ids: 'Too many leads.', 'filters.status_id': 'Unknown status.' })).toEqual({ other: 'Too many leads. Unknown status.' });
});

test('every send text exists in English and German', () => {
  const keysOf = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`)) : [prefix];
  expect(keysOf(de.leads.send)).toEqual(keysOf(en.leads.send));
  expect(keysOf(de.leads.import.options)).toEqual(keysOf(en.leads.import.options));
  expect(en.leads.import.options).not.toHaveProperty('sendUnavailable');
});
