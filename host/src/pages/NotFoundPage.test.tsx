import { Route, Routes } from 'react-router-dom';
import { renderWithProviders, screen, userEvent } from '@crm/shared/testing';
import { NotFoundPage } from './NotFoundPage.tsx';

function renderAt(entries: string[]) {
  return renderWithProviders(
    <Routes>
      <Route path="/lead/search" element={<p>Lead search page</p>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>,
    { initialEntries: entries },
  );
}

test('shows the not-found text for an unknown path', () => {
  renderAt(['/no/such/page']);

  expect(screen.getByText('404')).toBeInTheDocument();
  expect(screen.getByText("No signal here! we can't find the page you are looking for")).toBeInTheDocument();
});

test('Back goes one step back in history', async () => {
  renderAt(['/lead/search', '/no/such/page']);

  await userEvent.click(screen.getByRole('button', { name: 'Back' }));

  expect(await screen.findByText('Lead search page')).toBeInTheDocument();
  expect(screen.queryByText('404')).not.toBeInTheDocument();
});
