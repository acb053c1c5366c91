import type { ComponentType } from 'react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { parseRuntimeConfig, setRuntimeConfig } from '@crm/shared';
import { act, renderWithProviders, screen, userEvent, waitFor } from '@crm/shared/testing';
import { pageLoading } from '../federation/loadPage.ts';
import { loadSettings } from '../federation/loadSettings.ts';
import { RemotePage } from './RemotePage.tsx';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));

const loadRemoteMock = jest.mocked(loadRemote);
const exposed = (component: ComponentType) => Promise.resolve({ default: component });

function LeadsPage() {
  return <h1>Lead search</h1>;
}

afterEach(() => jest.useRealTimers());

beforeEach(() => {
  setRuntimeConfig(parseRuntimeConfig({ remoteEntryTimeoutMs: 5_000, pageLoadDelayMs: 0 }, { protocol: 'http:', hostname: 'localhost' }));
  loadSettings.remoteEntryTimeoutMs = 5_000;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

test('shows the loader, then the page the remote exposes', async () => {
  loadRemoteMock.mockImplementation(() => exposed(LeadsPage));

  renderWithProviders(<RemotePage remote="mfe_leads" page="LeadSearchPage" />);

  expect(screen.getByTestId('page-loader')).toHaveTextContent('Loading page…');
  expect(await screen.findByRole('heading', { name: 'Lead search' })).toBeInTheDocument();
  expect(loadRemoteMock).toHaveBeenCalledWith('mfe_leads/LeadSearchPage');
});

test('an unavailable remote shows its name with Retry, and Retry loads it again', async () => {
  loadRemoteMock.mockImplementationOnce(() => Promise.reject(new Error('Failed to fetch mf-manifest.json'))).mockImplementation(() => exposed(LeadsPage));

  renderWithProviders(<RemotePage remote="mfe_brokers" page="BrokersPage" />);

  const failure = await screen.findByTestId('remote-error');
  expect(failure).toHaveAttribute('data-kind', 'unavailable');
  expect(failure).toHaveTextContent('This part of the console could not be loaded');
  expect(failure).toHaveTextContent('Brokers is unavailable.');

  await userEvent.click(screen.getByRole('button', { name: /Retry/ }));

  expect(await screen.findByRole('heading', { name: 'Lead search' })).toBeInTheDocument();
  expect(loadRemoteMock).toHaveBeenCalledTimes(2);
});

test('a remote that does not answer in time shows the time-out', async () => {
  jest.useFakeTimers();
  setRuntimeConfig(parseRuntimeConfig({ remoteEntryTimeoutMs: 20_000, pageLoadDelayMs: 0 }, { protocol: 'http:', hostname: 'localhost' }));
  loadSettings.remoteEntryTimeoutMs = 20_000;
  loadRemoteMock.mockImplementation(() => new Promise(() => undefined));

  renderWithProviders(<RemotePage remote="mfe_settings" page="TagsPage" />);
  // past every bound loadPage sets over a load (minutes, not the 120 s default of each)
  await act(() => jest.advanceTimersByTimeAsync(600_000));

  const failure = await screen.findByTestId('remote-error');
  expect(failure).toHaveAttribute('data-kind', 'timeout');
  expect(failure).toHaveTextContent('Loading Settings timed out after 20 s.');
});

test('a lost chunk names the chunk and the failure type', async () => {
  const chunkError = Object.assign(new Error('Loading chunk 742 failed.\n(timeout: http://leads.test/742.js)'), { name: 'ChunkLoadError', type: 'timeout' });
  loadRemoteMock.mockImplementation(() => Promise.reject(chunkError));

  renderWithProviders(<RemotePage remote="mfe_leads" page="BlacklistPage" />);

  const failure = await screen.findByTestId('remote-error');
  expect(failure).toHaveAttribute('data-kind', 'chunk');
  expect(failure).toHaveTextContent('Loading chunk 742 failed (timeout).');
});

test('a page that throws while rendering is shown as a render failure of its remote', async () => {
  function BrokenPage(): never {
    throw new Error('cannot read leads');
  }
  loadRemoteMock.mockImplementation(() => exposed(BrokenPage));

  renderWithProviders(<RemotePage remote="mfe_dashboard" page="DashboardPage" />);

  const failure = await screen.findByTestId('remote-error');
  expect(failure).toHaveAttribute('data-kind', 'render');
  expect(failure).toHaveTextContent('Dashboard failed while rendering.');
});

test('a remote that does not expose the page is unavailable', async () => {
  loadRemoteMock.mockImplementation(() => Promise.resolve({}));

  renderWithProviders(<RemotePage remote="mfe_management" page="UsersPage" />);

  expect(await screen.findByTestId('remote-error')).toHaveTextContent('Users management is unavailable.');
});

test('a page load in flight is known, so preloading other remotes waits for it', async () => {
  let finish: (module: { default: ComponentType }) => void = () => undefined;
  loadRemoteMock.mockImplementation(() => new Promise((resolve) => (finish = resolve)));

  renderWithProviders(<RemotePage remote="mfe_leads" page="LeadSearchPage" />);

  await waitFor(() => expect(pageLoading()).toBe(true));
  finish({ default: LeadsPage });
  expect(await screen.findByRole('heading', { name: 'Lead search' })).toBeInTheDocument();
  expect(pageLoading()).toBe(false);
});
