import { renderWithProviders, screen, userEvent } from '@crm/shared/testing';
import { RemoteLoadError } from '../federation/loadPage.ts';
import { RemoteErrorBoundary } from './RemoteErrorBoundary.tsx';

function Failure({ error, retry }: { error: RemoteLoadError; retry(): void }) {
  return (
    <div role="alert">
      <span>{`${error.remote}: ${error.kind}: ${error.message}`}</span>
      <button onClick={retry}>Retry</button>
    </div>
  );
}

let failing = true;
function FlakyPage() {
  if (failing) throw new Error('boom');
  return <p>Leads page</p>;
}

beforeEach(() => {
  failing = true;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

function renderBoundary(onRetry: () => void = () => undefined, children = <FlakyPage />) {
  return renderWithProviders(
    <RemoteErrorBoundary remote="mfe_leads" onRetry={onRetry} renderError={(error, retry) => <Failure error={error} retry={retry} />}>
      {children}
    </RemoteErrorBoundary>,
  );
}

test('renders its children while they work', () => {
  failing = false;
  renderBoundary();

  expect(screen.getByText('Leads page')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('shows a render error as a render failure of its remote, with Retry', () => {
  renderBoundary();

  expect(screen.getByRole('alert')).toHaveTextContent('mfe_leads: render: boom');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  expect(console.error).toHaveBeenCalledWith('remote mfe_leads failed', expect.any(Error), expect.any(String));
});

test('keeps the kind of a load error', () => {
  function Unavailable(): never {
    throw new RemoteLoadError('mfe_brokers', 'timeout', 'Loading mfe_brokers/BrokersPage timed out after 5000 ms');
  }
  renderBoundary(undefined, <Unavailable />);

  expect(screen.getByRole('alert')).toHaveTextContent('mfe_brokers: timeout: Loading mfe_brokers/BrokersPage timed out after 5000 ms');
});

test('Retry calls onRetry and renders the children again', async () => {
  const onRetry = jest.fn();
  renderBoundary(onRetry);
  expect(screen.getByRole('alert')).toBeInTheDocument();

  failing = false;
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

  expect(onRetry).toHaveBeenCalledTimes(1);
  expect(screen.getByText('Leads page')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
