import type { Job } from '@crm/shared/contract';
import { act, jobFixture, screen, userEvent, waitFor, within, pageOf, stubApi } from '@crm/shared/testing';
import JobsPage from '../../../exposes/JobsPage.tsx';
import { jobPollingMs, pollingIntervalFor } from '../jobs/jobState.ts';
import '../../../i18n/index.ts';
import { renderPage } from '../../../testing/renderPage.tsx';

const jobOf = (id: number, overrides: Partial<Job> = {}): Job =>
  jobFixture({
    id,
    name: `Import ${id}`,
    status: 'running',
    total: 200,
    pending: 120,
    processed: 80,
    progress: 40,
    created_at: '2024-03-05T10:20:30',
    updated_at: '2024-03-05T10:20:30',
    ...overrides,
  });

// antd tables in jsdom on a shared machine: role queries and clicks take seconds.
jest.setTimeout(30_000);

const running = jobOf(1);
const finished = jobOf(2, { status: 'finished', pending: 0, processed: 200, progress: 100, finished_at: '2024-03-05T11:00:00' });

function renderJobs(permissions: Parameters<typeof renderPage>[1]['permissions'], jobs: Job[] = [running, finished]) {
  const http = stubApi({ 'GET /jobs': pageOf(jobs), 'PUT /jobs/1/cancel': { status: 200, data: { data: { ...running, status: 'cancelled' } } } });
  const view = renderPage(<JobsPage />, { route: '/profile/jobs', at: '/profile/jobs', permissions });
  return { ...view, http };
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

test('shows each job with its counts, status and progress bar', async () => {
  renderJobs(['user.profile.job.view']);

  await screen.findByText('Import 1');
  // The screen's title is its level-one heading, drawn at the card title's size.
  expect(screen.getByRole('heading', { level: 1, name: 'Jobs' })).toHaveStyle({ fontSize: 'inherit' });
  const row = rowOf('Import 1');
  expect(within(row).getByText('Running')).toBeInTheDocument();
  expect(within(row).getByText('200')).toBeInTheDocument();
  expect(within(row).getByText('120')).toBeInTheDocument();
  expect(within(row).getByText('80')).toBeInTheDocument();
  expect(within(row).getByRole('progressbar', { name: 'Progress of Import 1' })).toHaveAttribute('aria-valuenow', '40');
  expect(within(rowOf('Import 2')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  expect(within(rowOf('Import 2')).getByText('Mar 05, 2024 11:00:00')).toBeInTheDocument();
});

test('hides Cancel without user.profile.job.cancel', async () => {
  renderJobs(['user.profile.job.view']);

  await screen.findByText('Import 1');
  expect(screen.queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
});

test('offers Cancel only for pending or running jobs, and cancels after the confirm', async () => {
  const { http } = renderJobs(['user.profile.job.view', 'user.profile.job.cancel']);

  await screen.findByText('Import 1');
  expect(within(rowOf('Import 2')).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
  await userEvent.click(within(rowOf('Import 1')).getByRole('button', { name: 'Cancel job Import 1' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Are you sure you want to cancel?');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));

  await waitFor(() => expect(http.adapter.requests.map((request) => `${request.method} ${request.url}`)).toContain('put /jobs/1/cancel'));
});

test('polls while a job is pending or running and stops once none is', async () => {
  jest.useFakeTimers();
  try {
    let answer = [running];
    const http = stubApi({ 'GET /jobs': () => pageOf(answer) });
    renderPage(<JobsPage />, { route: '/profile/jobs', at: '/profile/jobs', permissions: ['user.profile.job.view'] });
    const listCalls = () => http.adapter.requests.filter((request) => request.url === '/jobs').length;
    await act(async () => jest.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Import 1')).toBeInTheDocument();
    expect(listCalls()).toBe(1);

    await act(async () => jest.advanceTimersByTimeAsync(jobPollingMs));
    expect(listCalls()).toBe(2);

    answer = [{ ...running, status: 'finished', progress: 100 }];
    await act(async () => jest.advanceTimersByTimeAsync(jobPollingMs));
    expect(listCalls()).toBe(3);
    expect(within(rowOf('Import 1')).getByText('Finished')).toBeInTheDocument();

    await act(async () => jest.advanceTimersByTimeAsync(jobPollingMs * 3));
    expect(listCalls()).toBe(3);
  } finally {
    jest.useRealTimers();
  }
});

test('the polling interval is 2 s with an active job and off otherwise', () => {
  expect(pollingIntervalFor([{ status: 'finished' }, { status: 'pending' }])).toBe(2000);
  expect(pollingIntervalFor([{ status: 'running' }])).toBe(2000);
  expect(pollingIntervalFor([{ status: 'finished' }, { status: 'failed' }, { status: 'cancelled' }])).toBe(0);
  expect(pollingIntervalFor(undefined)).toBe(0);
});
