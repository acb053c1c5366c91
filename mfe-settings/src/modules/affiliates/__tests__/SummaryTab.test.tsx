import { configure, screen, userEvent, waitFor, within } from '@crm/shared/testing';
import { renderCompanyPage, summaryFixture, summaryUrl } from './affiliateTestPage.tsx';

// Whole antd screens in jsdom take seconds on a busy machine.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });

const reasonRow = (period: 'today' | 'week', reason: string) => screen.getByTestId(`affiliate-summary-${period}-refused-${reason}`);

test('shows accepted, refused and every reason for today and this week, counted from the company zone', async () => {
  renderCompanyPage();

  expect(await screen.findByTestId('affiliate-summary')).toBeInTheDocument();
  expect(screen.getByTestId('affiliate-summary-today-accepted')).toHaveTextContent('1,234');
  expect(screen.getByTestId('affiliate-summary-today-refused')).toHaveTextContent('10');
  expect(reasonRow('today', 'DUPLICATE')).toHaveTextContent('Duplicate7');
  expect(reasonRow('today', 'INVALID')).toHaveTextContent('Invalid3');
  expect(reasonRow('today', 'CAP_REACHED')).toHaveTextContent('Daily cap reached0');
  expect(reasonRow('today', 'UNKNOWN_SOURCE')).toHaveTextContent('Unknown source0');
  // The six reasons in one fixed order, whatever the API's (most frequent first).
  expect(
    within(screen.getByTestId('affiliate-summary-today-card'))
      .getAllByTestId(/^affiliate-summary-today-refused-/)
      .map((row) => row.dataset['testid']),
  ).toEqual(['INVALID', 'DUPLICATE', 'BLACKLISTED', 'UNKNOWN_SOURCE', 'UNKNOWN_STATUS', 'CAP_REACHED'].map((reason) => `affiliate-summary-today-refused-${reason}`));
  // 1234 of 1244: 99.2 %.
  expect(screen.getByTestId('affiliate-summary-today-share')).toHaveTextContent('99% accepted · 1% refused');
  expect(screen.getByTestId('affiliate-summary-today-from')).toHaveTextContent(/^Since Fri, Nov 27, 12:00\sAM \(Europe\/Berlin\)$/);

  expect(screen.getByTestId('affiliate-summary-week-accepted')).toHaveTextContent('5,000');
  expect(screen.getByTestId('affiliate-summary-week-refused')).toHaveTextContent('60');
  expect(reasonRow('week', 'CAP_REACHED')).toHaveTextContent('Daily cap reached12');
  expect(screen.getByTestId('affiliate-summary-week-share')).toHaveTextContent('99% accepted · 1% refused');
  expect(screen.getByTestId('affiliate-summary-week-from')).toHaveTextContent(/^Since Mon, Nov 23, 12:00\sAM/);
});

test('a period without leads says so, and a reason not known yet shows under its code', async () => {
  renderCompanyPage({
    replies: {
      [`GET ${summaryUrl}`]: {
        status: 200,
        data: {
          data: {
            ...summaryFixture,
            today: { from: summaryFixture.today.from, accepted: 0, refused: [] },
            this_week: { ...summaryFixture.this_week, accepted: 1, refused: [{ reason: 'GEO_BLOCKED', count: 3 }] },
          },
        },
      },
    },
  });
  expect(await screen.findByTestId('affiliate-summary-today-share')).toHaveTextContent('No leads posted yet.');
  expect(screen.getByTestId('affiliate-summary-today-accepted')).toHaveTextContent('0');
  expect(reasonRow('week', 'GEO_BLOCKED')).toHaveTextContent('GEO_BLOCKED3');
  expect(screen.getByTestId('affiliate-summary-week-share')).toHaveTextContent('25% accepted · 75% refused');
});

test('a failed load offers a retry that loads the summary', async () => {
  let calls = 0;
  renderCompanyPage({
    replies: { [`GET ${summaryUrl}`]: () => (++calls === 1 ? { status: 500, data: { message: 'Server error' } } : { status: 200, data: { data: summaryFixture } }) },
  });
  const failed = await screen.findByTestId('affiliate-summary-failed');
  expect(screen.queryByTestId('affiliate-summary')).not.toBeInTheDocument();
  await userEvent.click(within(failed).getByRole('button'));
  await waitFor(() => expect(screen.getByTestId('affiliate-summary-today-accepted')).toHaveTextContent('1,234'));
});
