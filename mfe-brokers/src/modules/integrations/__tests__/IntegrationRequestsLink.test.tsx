import { configure, pageOf, renderWithProviders, screen, signedInSession, stubApi, waitFor, within } from '@crm/shared/testing';
import SendIntegrationsPage from '../../../exposes/SendIntegrationsPage.tsx';
import { integrationFixture } from '../../../testing/brokerFixtures.ts';

jest.setTimeout(120_000);
configure({ asyncUtilTimeout: 20_000 });

async function rowFor(permissions: string[]) {
  stubApi({ 'GET /send/integration': pageOf([integrationFixture()]) });
  renderWithProviders(<SendIntegrationsPage />, { session: signedInSession(permissions) });
  return (await screen.findByText('Hub API')).closest('tr')!;
}

test("an integration's row links to the request log narrowed to its calls, for those who may read the log", async () => {
  const row = await rowFor(['send.integration.view', 'settings.request.view']);
  expect(within(row).getByRole('link', { name: 'Requests' })).toHaveAttribute('href', '/settings/requests?send_integration_id=5');
});

test('without settings.request.view the row has no link to the log', async () => {
  const row = await rowFor(['send.integration.view', 'send.integration.update']);
  await waitFor(() => expect(within(row).getByRole('button', { name: 'Test' })).toBeInTheDocument());
  expect(within(row).queryByRole('link', { name: 'Requests' })).not.toBeInTheDocument();
});
