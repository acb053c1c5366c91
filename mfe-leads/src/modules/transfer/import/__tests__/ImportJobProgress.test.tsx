import { jobFixture, renderWithProviders, screen, signedInSession, stubApi } from '@crm/shared/testing';
import type { Job } from '@crm/shared/contract';
import '../../../../i18n/index.ts';
import { ImportJobProgress } from '../components/ImportJobProgress.tsx';

jest.setTimeout(30_000);

const job = (overrides: Partial<Job>): Job =>
  jobFixture({ id: 7, type: 'lead.import', status: 'running', total: 1000, processed: 380, failed: 20, pending: 600, progress: 40, attempts: 1, ...overrides });

/** The job as the server answers it, one answer per poll, the last one kept. */
function follow(answers: readonly Job[]) {
  let asked = 0;
  stubApi({ 'GET /lead/import/7': () => ({ status: 200, data: { data: answers[Math.min(asked++, answers.length - 1)] } }) });
}

test('a worker that died mid-import: the person is told it resumes, then that it has resumed', async () => {
  follow([job({ stalled: true }), job({ attempts: 2, processed: 600, pending: 380, progress: 62 })]);
  renderWithProviders(<ImportJobProgress started={job({})} />, { session: signedInSession(['lead.import']) });
  expect(await screen.findByTestId('lead-import-stalled')).toHaveTextContent('Another one resumes it within a minute, after row 400');
  expect(await screen.findByTestId('lead-import-resumed', {}, { timeout: 5_000 })).toHaveTextContent('Resumed after an interruption (attempt 2)');
  expect(screen.queryByTestId('lead-import-stalled')).not.toBeInTheDocument();
});

test('a healthy first attempt shows neither', async () => {
  follow([job({})]);
  renderWithProviders(<ImportJobProgress started={job({})} />, { session: signedInSession(['lead.import']) });
  expect(await screen.findByTestId('lead-import-progress')).toHaveAttribute('data-status', 'running');
  expect(screen.queryByTestId('lead-import-stalled')).not.toBeInTheDocument();
  expect(screen.queryByTestId('lead-import-resumed')).not.toBeInTheDocument();
});
