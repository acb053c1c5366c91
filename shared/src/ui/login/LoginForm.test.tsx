import { act } from 'react';
import { installTestHttpClient, loginResponseFixture, renderWithProviders, requestBody, screen, userEvent, waitFor, type TestReply } from '../../testing/index.ts';
import { LoginForm } from './LoginForm.tsx';

const invalid: TestReply = {
  status: 422,
  data: {
    message: 'The given data was invalid.',
    errors: { email: ['These credentials do not match our records.', 'A second message that is not shown.'], password: ['The password field is required.'] },
  },
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderLogin(reply: () => TestReply | Promise<TestReply>) {
  const http = installTestHttpClient(reply);
  const onLoggedIn = jest.fn<void, [readonly string[]]>();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
  return { ...view, http, onLoggedIn, user };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

test('sends the e-mail and password to /login', async () => {
  const { user, http } = renderLogin(() => invalid);

  await signIn(user, 'ada@example.com', 'secret');

  await waitFor(() => expect(http.adapter.requests).toHaveLength(1));
  expect(http.adapter.requests.map((request) => [request.method, request.url])).toEqual([['post', '/login']]);
  expect(http.adapter.requests.map(requestBody)).toEqual([{ email: 'ada@example.com', password: 'secret' }]);
  await screen.findByText('These credentials do not match our records.');
});

test('shows the first server message of each field under the field on a 422', async () => {
  const { user } = renderLogin(() => invalid);

  await signIn(user, 'ada@example.com', 'wrong');

  expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
  expect(screen.getByText('The password field is required.')).toBeInTheDocument();
  expect(screen.queryByText('A second message that is not shown.')).not.toBeInTheDocument();
});

test('the button shows loading while signing in and goes back to idle 1 s after a failure', async () => {
  let answer: (reply: TestReply) => void = () => undefined;
  const { user, store } = renderLogin(() => new Promise((resolve) => (answer = resolve)));
  const button = screen.getByRole('button', { name: 'Sign in' });

  await signIn(user, 'ada@example.com', 'wrong');
  await waitFor(() => expect(button).toHaveTextContent('Loading…'));
  expect(button).toBeDisabled();
  expect(store.getState().session.loading).toBe(true);

  await act(async () => answer(invalid));
  await screen.findByText('These credentials do not match our records.');
  expect(store.getState().session).toMatchObject({ loading: false, failed: true });
  expect(button).toHaveTextContent('Loading…');

  act(() => jest.advanceTimersByTime(999));
  expect(button).toHaveTextContent('Loading…');
  act(() => jest.advanceTimersByTime(1));
  expect(button).toHaveTextContent('Sign in');
  expect(button).toBeEnabled();
});

test('a server error also returns the button to idle after 1 s, with no field message', async () => {
  const { user, http, store } = renderLogin(() => ({ status: 500, data: { message: 'Server Error' } }));

  await signIn(user, 'ada@example.com', 'secret');
  await waitFor(() => expect(http.serverError).toHaveBeenCalledTimes(1));
  await waitFor(() => expect(store.getState().session.failed).toBe(true));
  act(() => jest.advanceTimersByTime(1_000));

  expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  expect(screen.queryByRole('alert')).toBeNull();
});

test('on success stores the session at once and calls onLoggedIn after 1 s with the permissions', async () => {
  const { user, store, onLoggedIn } = renderLogin(() => ({ status: 200, data: loginResponseFixture(['dashboard.view', 'lead.view']) }));

  await signIn(user, 'ada@example.com', 'secret');

  await waitFor(() => expect(store.getState().session.accessToken).toBe('token-123'));
  expect(store.getState().session).toMatchObject({ loaded: true, loading: false, permissions: ['dashboard.view', 'lead.view'] });
  expect(onLoggedIn).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(999));
  expect(onLoggedIn).not.toHaveBeenCalled();
  act(() => jest.advanceTimersByTime(1));
  expect(onLoggedIn).toHaveBeenCalledWith(['dashboard.view', 'lead.view']);
});

test('the password can be shown and hidden', async () => {
  const { user } = renderLogin(() => invalid);
  const password = screen.getByLabelText('Password');
  expect(password).toHaveAttribute('type', 'password');

  await user.click(screen.getByLabelText('Show password'));
  expect(password).toHaveAttribute('type', 'text');
  await user.click(screen.getByLabelText('Hide password'));
  expect(password).toHaveAttribute('type', 'password');
});
