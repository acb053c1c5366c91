import { act } from 'react';
import { Route, Routes } from 'react-router-dom';
import { installTestHttpClient, loginResponseFixture, renderWithProviders, screen, signedInSession, userEvent, waitFor } from '@crm/shared/testing';
import { LoginPage } from './LoginPage.tsx';

function renderLoginPage(session?: ReturnType<typeof signedInSession>) {
  return renderWithProviders(
    <Routes>
      <Route path="/" element={<LoginPage />} />
      <Route path="/dashboard" element={<p>Dashboard page</p>} />
      <Route path="/lead/search" element={<p>Lead search page</p>} />
    </Routes>,
    { initialEntries: ['/'], ...(session ? { session } : {}) },
  );
}

test('names the product above the sign-in form', () => {
  renderLoginPage();
  const product = screen.getByText('Lead console');
  expect(product).toBeVisible();
  expect(product.compareDocumentPosition(screen.getByRole('heading', { name: 'Sign in' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});

test('a signed-in user opening / lands on the dashboard', () => {
  renderLoginPage(signedInSession(['dashboard.view', 'lead.view']));
  expect(screen.getByText('Dashboard page')).toBeInTheDocument();
});

test('a signed-in user without dashboard.view lands on the lead search', () => {
  renderLoginPage(signedInSession(['lead.view']));
  expect(screen.getByText('Lead search page')).toBeInTheDocument();
});

describe('signing in', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('stays on the form for 1 s after a successful login, then goes to the landing page', async () => {
    installTestHttpClient(() => ({ status: 200, data: loginResponseFixture(['lead.view']) }));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { store } = renderLoginPage();

    await user.type(screen.getByLabelText('Email'), 'agent@example.com');
    await user.type(screen.getByLabelText('Password'), 'demo-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(store.getState().session.accessToken).toBe('token-123'));

    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1_000));
    expect(screen.getByText('Lead search page')).toBeInTheDocument();
  });
});
