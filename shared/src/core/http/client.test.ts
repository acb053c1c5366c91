import { AxiosError } from 'axios';
import { installTestHttpClient, type TestHandler } from '../../testing/httpAdapter.ts';
import { fieldErrorsOf, unauthorizedMessage, UnauthorizedLockError, type HttpClientDependencies } from './client.ts';

/** The real client, on an adapter answering from `handler`, signed in with token-1 and language de. */
function clientAnswering(handler: TestHandler, dependencies: Partial<HttpClientDependencies> = {}) {
  return installTestHttpClient(handler, { getToken: () => 'token-1', getLanguage: () => 'de', ...dependencies });
}

describe('the 401 lock', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('a 401 warns once with the expiry message and locks the client', async () => {
    const { client, warn } = clientAnswering(() => ({ status: 401, data: { message: 'Unauthenticated.' } }));

    await expect(client.get('/profile')).rejects.toBeInstanceOf(UnauthorizedLockError);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('Token has expired. Login again.');
    expect(unauthorizedMessage).toBe('Token has expired. Login again.');
    expect(client.isLocked()).toBe(true);
  });

  test('every request after a 401 is rejected without reaching the server', async () => {
    let status = 401;
    const { client, adapter, warn } = clientAnswering(() => ({ status, data: {} }));
    await expect(client.get('/profile')).rejects.toBeInstanceOf(UnauthorizedLockError);
    status = 200;

    await expect(client.get('/leads')).rejects.toBeInstanceOf(UnauthorizedLockError);
    await expect(client.post('/login', { email: 'a@b.co' })).rejects.toThrow('Token has expired. Login again.');

    expect(adapter.requests.map((request) => request.url)).toEqual(['/profile']);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test('several 401 answers at once warn and schedule the sign-out only once', async () => {
    const { client, warn, signOutAndReload } = clientAnswering(() => ({ status: 401 }));

    const results = await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(warn).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(10_000);
    expect(signOutAndReload).toHaveBeenCalledTimes(1);
  });

  test('signs out and reloads 3 s after the 401, not before', async () => {
    const { client, signOutAndReload } = clientAnswering(() => ({ status: 401 }));
    await expect(client.get('/profile')).rejects.toBeInstanceOf(UnauthorizedLockError);

    jest.advanceTimersByTime(2_999);
    expect(signOutAndReload).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(signOutAndReload).toHaveBeenCalledTimes(1);
  });
});

describe('the error policy', () => {
  test('a 500 shows the server error and rejects with the answer', async () => {
    const { client, serverError, warn } = clientAnswering(() => ({ status: 500, data: { message: 'Server Error' } }));

    const error: unknown = await client.get('/leads').catch((caught: unknown) => caught);

    expect(serverError).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(AxiosError);
    expect(error instanceof AxiosError ? error.response?.status : undefined).toBe(500);
    expect(client.isLocked()).toBe(false);
  });

  test('an answer without status (network failure) shows the server error', async () => {
    const { client, serverError } = clientAnswering(() => ({ networkError: true }));

    await expect(client.get('/leads')).rejects.toThrow('Network Error');

    expect(serverError).toHaveBeenCalledTimes(1);
  });

  test('a 422 or 403 is left to the caller: no server error, no lock', async () => {
    const { client, serverError, warn } = clientAnswering((request) => ({ status: request.url === '/login' ? 422 : 403 }));

    await expect(client.post('/login', {})).rejects.toBeInstanceOf(AxiosError);
    await expect(client.get('/management/users')).rejects.toBeInstanceOf(AxiosError);

    expect(serverError).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(client.isLocked()).toBe(false);
  });
});

describe('request headers', () => {
  test('sends the bearer token and the current language as Locale', async () => {
    let language = 'de';
    const { client, adapter } = clientAnswering(() => ({ status: 200, data: {} }), { getToken: () => 'secret', getLanguage: () => language });

    await client.get('/profile');
    language = 'fr';
    await client.get('/profile');

    expect(adapter.requests[0]?.headers.get('Authorization')).toBe('Bearer secret');
    expect(adapter.requests[0]?.headers.get('Locale')).toBe('de');
    expect(adapter.requests[1]?.headers.get('Locale')).toBe('fr');
    expect(adapter.requests[0]?.baseURL).toBe('http://api.test/api');
    expect(adapter.requests[0]?.timeout).toBe(120_000);
  });

  test('sends no Authorization header when signed out', async () => {
    const { client, adapter } = clientAnswering(() => ({ status: 200, data: {} }), { getToken: () => null });

    await client.get('/localizations/en');

    expect(adapter.requests[0]?.headers.has('Authorization')).toBe(false);
    expect(adapter.requests[0]?.headers.get('Locale')).toBe('de');
  });
});

describe('fieldErrorsOf', () => {
  test('keeps the first server message of each field of a 422', async () => {
    const { client } = clientAnswering(() => ({
      status: 422,
      data: { message: 'Invalid', errors: { email: ['The email field is required.', 'The email must be valid.'], password: ['Too short.'] } },
    }));

    const error: unknown = await client.post('/login', {}).catch((caught: unknown) => caught);

    expect(fieldErrorsOf(error)).toEqual({ email: 'The email field is required.', password: 'Too short.' });
  });

  test('reads an RTK Query error and ignores answers without field errors', () => {
    expect(fieldErrorsOf({ status: 422, data: { errors: { name: ['Taken.'] } } })).toEqual({ name: 'Taken.' });
    expect(fieldErrorsOf({ status: 500, data: { message: 'Server Error' } })).toEqual({});
    expect(fieldErrorsOf(null)).toEqual({});
  });
});
