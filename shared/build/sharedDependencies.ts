/**
 * The one shared-dependency list of every app (STYLE 13): explicit singletons with explicit versions
 * read from @crm/shared's package.json, so host and remotes always agree. antd is not shared by
 * itself: it lives inside the one UI module, @crm/shared/ui.
 */
import { readFileSync } from 'node:fs';

type SharedConfig = { singleton: true; requiredVersion: string | false; version?: string; import?: false };

const sharedPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
  dependencies: Record<string, string>;
};

const singletonPackages = ['react', 'react-dom', 'react-router-dom', 'redux', '@reduxjs/toolkit', 'react-redux', 'i18next', 'react-i18next', 'moment', 'axios', 'react-hot-toast'] as const;

/** Packages whose subpaths are imported too (react/jsx-runtime, @reduxjs/toolkit/query/react …). */
const withSubpaths = new Set<string>(['react', 'react-dom', '@reduxjs/toolkit']);

function versionOf(name: string): string {
  const range = sharedPackage.dependencies[name];
  if (!range) throw new Error(`${name} is not a dependency of @crm/shared`);
  return range.replace(/^[\^~]/, '');
}

/**
 * `provideUi`: whether this build ships the UI modules. Only the host does (and a remote's standalone
 * build): a remote consumes the host's, so antd is never in a remote's bundle, and with equal versions
 * the runtime cannot pick a remote's copy over the host's.
 */
export function sharedDependencies({ provideUi }: { provideUi: boolean }): Record<string, SharedConfig> {
  const shared: Record<string, SharedConfig> = {};
  for (const name of singletonPackages) {
    const version = versionOf(name);
    shared[name] = { singleton: true, requiredVersion: `^${version}` };
    if (withSubpaths.has(name)) shared[`${name}/`] = { singleton: true, requiredVersion: `^${version}` };
  }
  // The workspace package: an explicit version, else every bundle would get its own copy (TOOLCHAIN).
  shared['@crm/shared'] = { singleton: true, requiredVersion: false, version: sharedPackage.version };
  shared['@crm/shared/'] = { singleton: true, requiredVersion: false, version: sharedPackage.version };
  for (const uiModule of ['@crm/shared/ui', '@crm/shared/ui/login']) {
    shared[uiModule] = { singleton: true, requiredVersion: false, version: sharedPackage.version, ...(provideUi ? {} : { import: false as const }) };
  }
  return shared;
}
