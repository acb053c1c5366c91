import { renderWithProviders, screen } from '@crm/shared/testing';
import '../../../i18n/index.ts';
import { StatusPreview } from '../components/StatusBadge.tsx';

test('the preview warns when the text would be hard to read on the colour, and says by how much', () => {
  const view = renderWithProviders(<StatusPreview values={{ name: 'Interested', bg_color: '#52c41a', text_color: '#ffffff' }} />);
  expect(screen.getByTestId('status-contrast-warning')).toHaveTextContent('Hard to read: the text has 2.2:1 contrast on this colour; 4.5:1 or more reads well.');

  view.rerender(<StatusPreview values={{ name: 'Interested', bg_color: '#52c41a', text_color: '#000000' }} />);
  expect(screen.queryByTestId('status-contrast-warning')).not.toBeInTheDocument();
});

test('no warning for the defaults, nor while a colour is half typed', () => {
  const view = renderWithProviders(<StatusPreview values={{ name: 'New' }} />);
  expect(screen.getByTestId('status-badge')).toHaveTextContent('New');
  expect(screen.queryByTestId('status-contrast-warning')).not.toBeInTheDocument();

  view.rerender(<StatusPreview values={{ name: 'New', bg_color: '#fff', text_color: '#ffffff' }} />);
  expect(screen.queryByTestId('status-contrast-warning')).not.toBeInTheDocument();
});
