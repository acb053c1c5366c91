/**
 * An axios adapter answering from a handler instead of the network: every request the client lets through
 * is recorded, and a status outside 2xx or a network failure rejects the way axios's own adapters do.
 */
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { createHttpClient, installHttpClient, type HttpClient, type HttpClientDependencies } from '../core/http/client.ts';

export type TestReply = { status: number; data?: unknown } | { networkError: true };
export type TestHandler = (request: InternalAxiosRequestConfig) => TestReply | Promise<TestReply>;
export type TestAdapter = AxiosAdapter & { readonly requests: InternalAxiosRequestConfig[] };

export function createTestAdapter(handler: TestHandler): TestAdapter {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    requests.push(config);
    const reply = await handler(config);
    if ('networkError' in reply) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = { data: reply.data ?? null, status: reply.status, statusText: String(reply.status), headers: new AxiosHeaders(), config };
    const valid = config.validateStatus ? config.validateStatus(reply.status) : reply.status >= 200 && reply.status < 300;
    if (!valid) {
      const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
      throw new AxiosError(`Request failed with status code ${reply.status}`, code, config, null, response);
    }
    return response;
  };
  return Object.assign(adapter, { requests });
}

/** The body a request sent, parsed from the JSON axios serialised. */
export function requestBody(request: InternalAxiosRequestConfig): unknown {
  return typeof request.data === 'string' ? JSON.parse(request.data) : request.data;
}

export type TestClient = {
  client: HttpClient;
  adapter: TestAdapter;
  warn: jest.Mock<void, [string]>;
  serverError: jest.Mock<void, []>;
  signOutAndReload: jest.Mock<void, []>;
};

/** Creates the real client (interceptors and all) on a test adapter, and installs it as the one client. */
export function installTestHttpClient(handler: TestHandler, dependencies: Partial<HttpClientDependencies> = {}): TestClient {
  const warn = jest.fn<void, [string]>();
  const serverError = jest.fn<void, []>();
  const signOutAndReload = jest.fn<void, []>();
  const client = createHttpClient({
    baseURL: 'http://api.test/api',
    getToken: () => null,
    getLanguage: () => 'en',
    warn,
    serverError,
    signOutAndReload,
    ...dependencies,
  });
  const adapter = createTestAdapter(handler);
  client.defaults.adapter = adapter;
  installHttpClient(client);
  return { client, adapter, warn, serverError, signOutAndReload };
}
