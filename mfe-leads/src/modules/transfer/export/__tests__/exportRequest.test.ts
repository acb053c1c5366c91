import { exportableLeadColumns, type Job } from '@crm/shared/contract';
import { jobFixture } from '@crm/shared/testing';
import de from '../../../../i18n/de.json';
import en from '../../../../i18n/en.json';
import { downloadHref, exportJobState, exportRequestBody, settingFieldOf } from '../exportRequest.ts';

const job = (overrides: Partial<Job>): Job =>
  jobFixture({ id: 42, type: 'lead.export', name: 'Export leads', status: 'running', total: 200, pending: 150, processed: 50, progress: 25, ...overrides });

describe('the export request', () => {
  test('without a selection it sends the current filters and the list order', () => {
    const body = exportRequestBody('xlsx', 3, { selected: [], filters: { status_id: '1,2', search: 'anna', email: '' }, sort: { sort: 'last_sent_at', direction: 'asc' } });
    expect(body).toEqual({ format: 'xlsx', export_setting_id: 3, filters: { status_id: '1,2', search: 'anna', sort: 'last_sent_at', direction: 'asc' } });
  });

  test('with a selection it sends the selected ids and only the order, whatever the filters', () => {
    const body = exportRequestBody('csv', 3, { selected: [9, 5], filters: { status_id: '1' }, sort: null });
    expect(body).toEqual({ format: 'csv', export_setting_id: 3, filters: {}, lead_ids: [9, 5] });
  });
});

describe('where an export job stands', () => {
  test('running, with its progress', () => {
    expect(exportJobState(job({ status: 'pending', progress: 0, processed: 0, total: 0 }))).toEqual({ kind: 'running', percent: 0, processed: 0, total: 0 });
    expect(exportJobState(job({}))).toEqual({ kind: 'running', percent: 25, processed: 50, total: 200 });
  });

  test('finished with its result, or failed when the result is not an export result', () => {
    const result = { file_name: 'leads.csv', rows: 200, download_url: '/api/lead/export/42/download?token=abc', expires_at: '2024-03-06T10:20:30.000Z' };
    expect(exportJobState(job({ status: 'finished', result }))).toEqual({ kind: 'finished', result });
    expect(exportJobState(job({ status: 'finished', result: { rows: 1 } }))).toEqual({ kind: 'failed', error: null });
  });

  test('failed with the error, or cancelled', () => {
    expect(exportJobState(job({ status: 'failed', error: 'disk full' }))).toEqual({ kind: 'failed', error: 'disk full' });
    expect(exportJobState(job({ status: 'cancelled' }))).toEqual({ kind: 'cancelled' });
  });
});

test('the download link is the API path joined to the API host, whatever the base URL ends with', () => {
  expect(downloadHref('https://api.crm.example.com/api', '/api/lead/export/4/download?token=t')).toBe('https://api.crm.example.com/api/lead/export/4/download?token=t');
  expect(downloadHref('http://localhost:4000/api/', '/api/lead/export/4/download?token=t')).toBe('http://localhost:4000/api/lead/export/4/download?token=t');
  // Never the API's base path twice.
  expect(downloadHref('https://crm.example.com/api', '/api/lead/export/4/download?token=t')).not.toContain('/api/api/');
});

test('server errors go under the setting form field they name', () => {
  expect(settingFieldOf('columns.3')).toBe('columns');
  expect(settingFieldOf('user_ids')).toBe('user_ids');
  expect(settingFieldOf('name')).toBe('name');
  expect(settingFieldOf('_')).toBeUndefined();
});

test('every exportable column has a label, and every export text exists in English and German', () => {
  for (const fields of [en.leads.fields, de.leads.fields]) {
    expect(exportableLeadColumns.filter((column) => typeof (fields as Record<string, unknown>)[column] !== 'string')).toEqual([]);
  }
  const keysOf = (value: unknown, prefix = ''): string[] =>
    typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, inner]) => keysOf(inner, `${prefix}${key}.`)) : [prefix];
  expect(keysOf(de.leads.export)).toEqual(keysOf(en.leads.export));
});
