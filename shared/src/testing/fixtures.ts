/** Server answers as the contract describes them, for tests. */
import type { Job, LoginResponse, NotificationSummary, Profile } from '../contract/index.ts';
import { initialSessionState, type SessionState } from '../core/store/session.ts';

export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 1,
    name: 'Ada Admin',
    email: 'ada@example.com',
    is_sender: false,
    locale: 'en',
    permissions: [],
    notifications: [],
    total_notifications: 0,
    settings: [],
    ...overrides,
  };
}

/** A background job as `GET /jobs/{id}` answers it: pending and empty unless overridden. */
export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    id: 1,
    type: 'lead.import',
    name: 'Import leads.csv',
    status: 'pending',
    total: 0,
    pending: 0,
    processed: 0,
    failed: 0,
    progress: 0,
    error: null,
    attempts: 0,
    stalled: false,
    result: null,
    cancelled_at: null,
    finished_at: null,
    created_at: '2024-03-05T10:20:30.000Z',
    updated_at: '2024-03-05T10:20:30.000Z',
    ...overrides,
  };
}

export function loginResponseFixture(permissions: string[], user: Partial<Profile> = {}): LoginResponse {
  return {
    data: {
      user: profileFixture({ permissions, ...user }),
      permissions,
      access_token: 'token-123',
      token_type: 'Bearer',
      expires_at: '2030-01-01T00:00:00.000Z',
    },
  };
}

export function notificationFixture(id: number, overrides: Partial<NotificationSummary> = {}): NotificationSummary {
  return {
    id,
    type: 'success',
    data: { title: `Title ${id}`, message: `Message ${id}` },
    read_at: null,
    created_at: '2024-03-05T10:20:30',
    updated_at: '2024-03-05T10:20:30',
    ...overrides,
  };
}

/** A signed-in session holding `permissions`. */
export function signedInSession(permissions: string[], overrides: Partial<SessionState> = {}): SessionState {
  return {
    ...initialSessionState,
    name: 'Ada Admin',
    email: 'ada@example.com',
    permissions,
    accessToken: 'token-123',
    tokenType: 'Bearer',
    tokenExpiresAt: '2030-01-01T00:00:00.000Z',
    loaded: true,
    ...overrides,
  };
}
