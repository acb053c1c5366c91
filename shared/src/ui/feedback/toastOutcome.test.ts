import toast from 'react-hot-toast';
import { toastOutcome } from './toastOutcome.ts';

jest.mock('react-hot-toast', () => ({ __esModule: true, default: { success: jest.fn(), error: jest.fn() } }));

const success = jest.mocked(toast.success);
const error = jest.mocked(toast.error);
const refused = (status: number | 'FETCH_ERROR', data: unknown) => () => Promise.reject({ status, data });

beforeEach(() => jest.clearAllMocks());

test('a success shows the server message and resolves to the response', async () => {
  const response = { message: 'Setting successfully deleted' };

  await expect(toastOutcome(() => Promise.resolve(response))).resolves.toBe(response);

  expect(success).toHaveBeenCalledWith('Setting successfully deleted');
});

test('a success can show a message of its own', async () => {
  await toastOutcome(() => Promise.resolve({ data: 1 }), { successMessage: () => 'Job cancelled' });

  expect(success).toHaveBeenCalledWith('Job cancelled');
});

test('a 4xx shows its message as an error and resolves to undefined', async () => {
  await expect(toastOutcome(refused(409, { message: 'In use.' }))).resolves.toBeUndefined();

  expect(error).toHaveBeenCalledWith('In use.');
  expect(success).not.toHaveBeenCalled();
});

test('nothing more for a 5xx, a network failure or the 401 lock, which the HTTP client reports', async () => {
  await toastOutcome(refused(500, { message: 'Server Error' }));
  await toastOutcome(refused(401, { message: 'Unauthenticated.' }));
  await toastOutcome(refused('FETCH_ERROR', 'Network Error'));

  expect(error).not.toHaveBeenCalled();
});

test('a 422 shown under the fields is not toasted as well', async () => {
  const showFieldErrors = jest.fn(() => true);

  await toastOutcome(refused(422, { message: 'Taken', errors: { name: ['Taken'] } }), { showFieldErrors });

  expect(showFieldErrors).toHaveBeenCalledWith({ name: 'Taken' });
  expect(error).not.toHaveBeenCalled();
});
