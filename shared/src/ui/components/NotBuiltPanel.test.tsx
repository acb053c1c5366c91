import { renderWithProviders, screen } from '../../testing/index.ts';
import { NotBuiltPanel } from './NotBuiltPanel.tsx';

test('says the screen is not built yet, under the route title', () => {
  renderWithProviders(<NotBuiltPanel titleKey="menu.settings.tags" remote="mfe_settings" />);

  expect(screen.getByText('Tags')).toBeInTheDocument();
  expect(screen.getByText('This screen is not built yet.')).toBeInTheDocument();
  expect(screen.getByTestId('not-built')).toHaveAttribute('data-remote', 'mfe_settings');
});
