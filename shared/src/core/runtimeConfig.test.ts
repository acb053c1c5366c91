import { defaultApiBaseUrl, getRuntimeConfig, parseRuntimeConfig, setRuntimeConfig } from './runtimeConfig.ts';

const site = { protocol: 'https:', hostname: 'www.crm.example.com' };

test('the api base is the api subdomain of the site host plus /api', () => {
  expect(defaultApiBaseUrl(site)).toBe('https://api.crm.example.com/api');
  expect(defaultApiBaseUrl({ protocol: 'http:', hostname: 'console.example.org' })).toBe('http://api.console.example.org/api');
});

test('localhost uses the local API', () => {
  expect(defaultApiBaseUrl({ protocol: 'http:', hostname: 'localhost' })).toBe('http://localhost:4000/api');
  expect(defaultApiBaseUrl({ protocol: 'http:', hostname: '127.0.0.1' })).toBe('http://localhost:4000/api');
});

test('config.json values override the defaults', () => {
  const config = parseRuntimeConfig(
    { apiBaseUrl: 'https://api.other.test/api', remotes: { mfe_leads: 'https://leads.test/mf-manifest.json' }, remoteEntryTimeoutMs: 5_000, pageLoadDelayMs: 0 },
    site,
  );
  expect(config).toEqual({
    apiBaseUrl: 'https://api.other.test/api',
    remotes: { mfe_leads: 'https://leads.test/mf-manifest.json' },
    remoteEntryTimeoutMs: 5_000,
    chunkLoadTimeoutMs: 120_000,
    pageLoadDelayMs: 0,
  });
});

test('fields of the wrong type fall back to the defaults', () => {
  const config = parseRuntimeConfig(
    { apiBaseUrl: 42, remotes: { mfe_leads: 7, mfe_brokers: 'https://b.test/mf-manifest.json' }, remoteEntryTimeoutMs: '5000', pageLoadDelayMs: Number.NaN },
    site,
  );
  expect(config).toEqual({
    apiBaseUrl: 'https://api.crm.example.com/api',
    remotes: { mfe_brokers: 'https://b.test/mf-manifest.json' },
    remoteEntryTimeoutMs: 120_000,
    chunkLoadTimeoutMs: 120_000,
    pageLoadDelayMs: 500,
  });
  expect(parseRuntimeConfig('not an object', site).apiBaseUrl).toBe('https://api.crm.example.com/api');
});

test('the config is readable once set', () => {
  const config = parseRuntimeConfig({}, site);
  setRuntimeConfig(config);
  expect(getRuntimeConfig()).toBe(config);
});
