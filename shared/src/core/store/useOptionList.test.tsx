import { useOptionList } from './useOptionList.ts';
import { renderWithProviders, signedInSession, stubApi, waitFor } from '../../testing/index.ts';

function Brokers({ refetchOnMount }: { refetchOnMount: boolean }) {
  const { data } = useOptionList<{ id: number; name: string }>('brokers', { refetchOnMount });
  return <p>{data.map((broker) => broker.name).join(', ')}</p>;
}

const brokersFetched = (requests: readonly { url?: string }[]) => requests.filter((request) => request.url === '/broker/all').length;

test.each([
  [false, 1],
  [true, 2],
])('refetchOnMount %s: a second screen mounting the list fetches it %i time(s) in all', async (refetchOnMount, times) => {
  const api = stubApi({ 'GET /broker/all': { status: 200, data: { data: [{ id: 1, name: 'Broker One', affiliate_companies: [] }] } } });
  const first = renderWithProviders(<Brokers refetchOnMount={refetchOnMount} />, { session: signedInSession(['options.brokers.all']) });
  await waitFor(() => expect(first.getByText('Broker One')).toBeInTheDocument());
  first.unmount();
  const second = renderWithProviders(<Brokers refetchOnMount={refetchOnMount} />, { store: first.store });
  expect(second.getByText('Broker One')).toBeInTheDocument();
  await waitFor(() => expect(brokersFetched(api.adapter.requests)).toBe(times));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(brokersFetched(api.adapter.requests)).toBe(times);
});
