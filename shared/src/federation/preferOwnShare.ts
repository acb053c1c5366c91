/**
 * Every app's federation runtime plugin. With `loaded-first`, a shared module nobody has loaded yet is taken from
 * whichever app registered it first — often another remote. When that remote's chunks fail (a broken deploy, its
 * server down), every other remote would fail on its first use of the module too. So:
 * - for a module not loaded yet, the consuming app takes its own copy of the same version; once a copy is loaded (or
 *   loading), everyone uses it, so singletons stay single;
 * - a copy whose load failed is taken out of the share scope, so the next app to need it loads its own.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ShareCandidate = { from?: string; version?: string; loaded?: boolean; loading?: unknown; lib?: unknown; get?: unknown };

/** The copy to use: `chosen` unless it is another app's, not loaded yet, and `own` is the same version. */
export function preferredShare<Share extends ShareCandidate>(chosen: Share | undefined, own: Share): Share | undefined {
  if (!chosen || chosen.loaded || chosen.loading || chosen.lib) return chosen;
  if (chosen.from === own.from || chosen.version !== own.version || typeof own.get !== 'function') return chosen;
  return own;
}

export default function preferOwnSharePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'crm-prefer-own-share-plugin',
    resolveShare(args) {
      const resolve = args.resolver;
      args.resolver = () => {
        const resolved = resolve();
        const shared = preferredShare(resolved?.shared, args.shareInfo);
        return resolved && shared !== resolved.shared ? { shared: shared ?? resolved.shared, useTreesShaking: false } : resolved;
      };
      return args;
    },
    errorLoadShare({ shareScopeMap, pkgName, shareInfo }) {
      const version = shareInfo?.version;
      if (version === undefined) return;
      for (const scope of [shareInfo?.scope ?? 'default'].flat()) {
        const versions = shareScopeMap[scope]?.[pkgName];
        if (versions?.[version] && !versions[version].loaded) delete versions[version];
      }
    },
  };
}
