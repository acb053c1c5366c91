import { AxiosError, AxiosHeaders } from 'axios';
import { createMemoryStorage } from '../../testing/memoryStorage.ts';
import { i18n } from './i18n.ts';
import { applySavedLocalization, startServerLocalizations, toBundles } from './serverLocalizations.ts';

test('nests dotted keys and reads a namespace prefix', () => {
  expect(toBundles({ 'menu.leads.search': 'Leads!', app_name: 'CRM', 'leads:fields.email': 'E-mail' })).toEqual({
    common: { menu: { leads: { search: 'Leads!' } }, app_name: 'CRM' },
    leads: { fields: { email: 'E-mail' } },
  });
});

describe('server localizations', () => {
  let stop: () => void = () => undefined;
  afterEach(() => {
    stop();
    i18n.removeResourceBundle('en', 'serverTest');
  });

  test('merges the server texts over the translation files', async () => {
    const get = jest.fn(async () => ({ 'serverTest:greeting': 'Hello from the server' }));
    const loader = startServerLocalizations({ get, storage: createMemoryStorage() });
    stop = loader.stop;

    await loader.refresh();

    expect(get).toHaveBeenCalledWith('/localizations/en');
    expect(i18n.t('serverTest:greeting')).toBe('Hello from the server');
  });

  test('a localization saved here shows at once and the next load asks the server, not the cache', async () => {
    const storage = createMemoryStorage({ 'crm.localizations.en': JSON.stringify({ at: Date.now(), values: { 'serverTest:greeting': 'Cached' } }) });
    applySavedLocalization({ locale: 'en', key: 'serverTest:greeting', value: 'Just saved' }, storage);
    expect(i18n.t('serverTest:greeting')).toBe('Just saved');
    expect(storage.getItem('crm.localizations.en')).toBeNull();

    const get = jest.fn(async () => ({ 'serverTest:greeting': 'From the server' }));
    const loader = startServerLocalizations({ get, storage });
    stop = loader.stop;
    await loader.refresh();
    expect(get).toHaveBeenCalledWith('/localizations/en');
  });

  test('uses the cached texts for 60 s instead of asking again', async () => {
    const storage = createMemoryStorage({ 'crm.localizations.en': JSON.stringify({ at: Date.now(), values: { 'serverTest:greeting': 'Cached' } }) });
    const get = jest.fn(async () => ({ 'serverTest:greeting': 'Fresh' }));
    const loader = startServerLocalizations({ get, storage });
    stop = loader.stop;

    await loader.refresh();

    expect(get).not.toHaveBeenCalled();
    expect(i18n.t('serverTest:greeting')).toBe('Cached');
  });

  test('a 4xx is not asked again, a 5xx is', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failWith = (status: number) => {
      const config = { headers: new AxiosHeaders() };
      return new AxiosError('failed', 'ERR', config, null, { status, statusText: '', data: null, headers: {}, config });
    };
    let status = 503;
    const get = jest.fn(async () => {
      throw failWith(status);
    });
    const loader = startServerLocalizations({ get, storage: createMemoryStorage() });
    stop = loader.stop;
    await loader.refresh();
    const afterStart = get.mock.calls.length;

    await loader.refresh();
    expect(get.mock.calls.length).toBe(afterStart + 1);
    status = 404;
    await loader.refresh();
    await loader.refresh();
    expect(get.mock.calls.length).toBe(afterStart + 2);
  });
});
