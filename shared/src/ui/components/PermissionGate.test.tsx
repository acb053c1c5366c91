import { renderWithProviders, screen, signedInSession } from '../../testing/index.ts';
import { PermissionGate } from './PermissionGate.tsx';

test('shows its children to a user holding the rule', () => {
  renderWithProviders(<PermissionGate rule={{ anyOf: ['lead.view', 'broker.view'] }}>Leads button</PermissionGate>, { session: signedInSession(['broker.view']) });
  expect(screen.getByText('Leads button')).toBeInTheDocument();
});

test('shows the fallback, or nothing, to a user without it', () => {
  renderWithProviders(
    <>
      <PermissionGate rule="lead.view" fallback={<span>No leads for you</span>}>
        Leads button
      </PermissionGate>
      <PermissionGate rule="broker.view">Brokers button</PermissionGate>
    </>,
    { session: signedInSession(['dashboard.view']) },
  );
  expect(screen.queryByText('Leads button')).not.toBeInTheDocument();
  expect(screen.queryByText('Brokers button')).not.toBeInTheDocument();
  expect(screen.getByText('No leads for you')).toBeInTheDocument();
});
