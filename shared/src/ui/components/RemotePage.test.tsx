import { renderWithProviders, screen } from '../../testing/index.ts';
import { createRemotePage } from './RemotePage.tsx';

test('shows the screen, with no build label in a build without one', () => {
  const RemotePage = createRemotePage({ remote: 'mfe_settings', buildLabel: '', fault: '' });
  renderWithProviders(<RemotePage>Tags screen</RemotePage>);
  expect(screen.getByText('Tags screen')).toBeInTheDocument();
  expect(screen.queryByTestId('build-label')).not.toBeInTheDocument();
});

test("shows the remote's build label under the screen in a labelled build", () => {
  const RemotePage = createRemotePage({ remote: 'mfe_settings', buildLabel: 'v2', fault: '' });
  renderWithProviders(<RemotePage>Tags screen</RemotePage>);
  expect(screen.getByTestId('build-label')).toHaveTextContent('v2');
});

test('throws while rendering in a build made to fail, naming the remote', () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const RemotePage = createRemotePage({ remote: 'mfe_settings', buildLabel: '', fault: 'render' });
  expect(() => renderWithProviders(<RemotePage>Tags screen</RemotePage>)).toThrow('mfe_settings was built to fail while rendering');
});
