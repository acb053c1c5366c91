/**
 * Every app's federation runtime plugin. With `loaded-first`, a shared module nobody has loaded yet is taken from
 * whichever app registered it first — often another remote. When that remote's chunks fail (a broken deploy, its
 * server down) or hang (a half-dead server), every other remote would fail or wait on its first use of the module
 * too. So:
 * - until some copy has finished loading, the consuming app takes its own copy of the same version, even while
 *   another app's copy is still loading: a hanging remote never delays another. Once a copy is loaded, everyone uses
 *   it. The modules every app's state lives in (React, the store, i18n, the UI) are the host's, loaded before any
 *   remote; what two remotes may load side by side in a race is stateless (the contract, zod);
 * - a copy whose load failed is taken out of the share scope, so the next app to need it loads its own.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type ShareCandidate = { from?: string; version?: string; loaded?: boolean; lib?: unknown; get?: unknown };

/** The copy to use: `chosen` unless it is another app's, not finished loading, and `own` is the same version. */
export function preferredShare<Share extends ShareCandidate>(chosen: Share | undefined, own: Share): Share | undefined {
  if (!chosen || chosen.loaded || chosen.lib) return chosen;
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
