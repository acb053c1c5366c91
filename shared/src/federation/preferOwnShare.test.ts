import preferOwnSharePlugin, { preferredShare } from './preferOwnShare.ts';

const get = () => Promise.resolve(() => ({}));
const own = { from: 'mfe_dashboard', version: '0.1.0', get };
const settingsCopy = { from: 'mfe_settings', version: '0.1.0', get };

test("another app's copy that nobody has loaded gives way to the consumer's own copy of the same version", () => {
  expect(preferredShare(settingsCopy, own)).toBe(own);
});

test('a copy already loaded is used by everyone: singletons stay single', () => {
  const loaded = { ...settingsCopy, loaded: true, lib: () => ({}) };
  expect(preferredShare(loaded, own)).toBe(loaded);
});

test("another app's copy still loading (its server hangs) gives way to the consumer's own: nobody waits on it", () => {
  const hanging = { ...settingsCopy, loading: new Promise(() => undefined) };
  expect(preferredShare(hanging, own)).toBe(own);
});

test('another version, the consumer itself, or nothing registered keeps what the runtime chose', () => {
  const newer = { ...settingsCopy, version: '0.2.0' };
  expect(preferredShare(newer, own)).toBe(newer);
  const mine = { ...own };
  expect(preferredShare(mine, own)).toBe(mine);
  expect(preferredShare(undefined, own)).toBeUndefined();
  const withoutLoader: { from: string; version: string; get?: unknown } = { from: 'mfe_dashboard', version: '0.1.0' };
  expect(preferredShare(settingsCopy, withoutLoader)).toBe(settingsCopy);
});

test('a copy whose load failed leaves the share scope, so the next app loads its own; a loaded one stays', () => {
  const plugin = preferOwnSharePlugin();
  const failing = { ...settingsCopy, loading: Promise.reject(new Error('chunk')).catch(() => undefined) };
  const loaded = { ...settingsCopy, loaded: true };
  const shareScopeMap = { default: { '@crm/shared/contract': { '0.1.0': failing }, react: { '19.3.1': loaded } } };
  const report = (pkgName: string, version: string) =>
    plugin.errorLoadShare?.({ shareScopeMap, pkgName, shareInfo: { version, scope: ['default'] }, lifecycle: 'loadShare' } as unknown as Parameters<
      NonNullable<typeof plugin.errorLoadShare>
    >[0]);

  report('@crm/shared/contract', '0.1.0');
  report('react', '19.3.1');
  expect(shareScopeMap.default['@crm/shared/contract']).toEqual({});
  expect(shareScopeMap.default.react['19.3.1']).toBe(loaded);
});
