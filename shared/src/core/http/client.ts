/**
 * The one HTTP client (docs/product.md#errors): base URL, bearer token, Locale header, 120 s time-out, and one
 * error policy — 401 locks every further request and signs out after 3 s; no status or 500 shows the
 * translated server error.
 */
import axios, { AxiosError, type AxiosInstance } from 'axios';
import { defaults } from '../runtimeConfig.ts';

export const unauthorizedMessage = 'Token has expired. Login again.';

export type HttpClientDependencies = {
  baseURL: string;
  getToken(): string | null;
  getLanguage(): string;
  /** Shows the 401 warning. */
  warn(message: string): void;
  /** Shows the translated server error. */
  serverError(): void;
  /** Clears local storage and reloads the page. */
  signOutAndReload(): void;
  timeoutMs?: number;
  logoutDelayMs?: number;
};

declare module 'axios' {
  // An interface: module augmentation merges into axios's own declaration.
  interface AxiosRequestConfig {
    /** No error toast when it fails: the caller deals with it (a background retry). The 401 lock still applies. */
    quiet?: boolean;
  }
}

export type HttpClient = AxiosInstance & { isLocked(): boolean };

export class UnauthorizedLockError extends Error {
  constructor() {
    super(unauthorizedMessage);
    this.name = 'UnauthorizedLockError';
  }
}

export function createHttpClient(dependencies: HttpClientDependencies): HttpClient {
  let locked = false;
  const instance = axios.create({
    baseURL: dependencies.baseURL,
    timeout: dependencies.timeoutMs ?? defaults.requestTimeoutMs,
    headers: { Accept: 'application/json' },
  });

  instance.interceptors.request.use((request) => {
    if (locked) throw new UnauthorizedLockError();
    const token = dependencies.getToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    request.headers.set('Locale', dependencies.getLanguage());
    return request;
  });

  instance.interceptors.response.use(
    (response) => response,
    (error: unknown) => {
      if (error instanceof UnauthorizedLockError) return Promise.reject(error);
      const status = error instanceof AxiosError ? error.response?.status : undefined;
      if (status === 401) {
        if (!locked) {
          locked = true;
          dependencies.warn(unauthorizedMessage);
          setTimeout(() => dependencies.signOutAndReload(), dependencies.logoutDelayMs ?? defaults.logoutAfterUnauthorizedMs);
        }
        return Promise.reject(new UnauthorizedLockError());
      }
      const quiet = error instanceof AxiosError && error.config?.quiet === true;
      if ((status === undefined || status === 500) && !quiet) dependencies.serverError();
      return Promise.reject(error);
    },
  );

  return Object.assign(instance, { isLocked: () => locked });
}

let client: HttpClient | null = null;

export function installHttpClient(instance: HttpClient): void {
  client = instance;
}

export function getHttpClient(): HttpClient {
  if (!client) throw new Error('HTTP client not installed yet');
  return client;
}

/** GET returning the body: what option lists and other plain loads use. */
export async function getJson(path: string): Promise<unknown> {
  return (await getHttpClient().get<unknown>(path)).data;
}

/** The first server message per field of a 422, for forms. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = error instanceof AxiosError ? error.response?.data : (error as { data?: unknown } | null)?.data;
  const errors = (data as { errors?: Record<string, unknown> } | undefined)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const first: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') first[field] = messages[0];
  }
  return first;
}
