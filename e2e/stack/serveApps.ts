/** Static servers for the host and the five remotes, as production serves them. */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { apps, repoRoot } from './apps.ts';
import { startStaticServer } from './staticServer.ts';

type DistOf = (folder: string) => string;
const defaultDist: DistOf = (folder) => join(repoRoot, folder, 'dist');

/** The host's build on `port`, with `configFile` as its /config.json (replaceable without a rebuild). */
export function serveHost(options: { port: number; configFile: string; distOf?: DistOf }): Promise<Server> {
  return startStaticServer({ root: (options.distOf ?? defaultDist)('host'), port: options.port, spa: true, files: { '/config.json': options.configFile } });
}

/** `distOf` says where each app's build is (production dist/, or the browser tests' own builds). */
export async function serveApps(options: { hostConfigFile: string; distOf?: DistOf }): Promise<Server[]> {
  const servers: Server[] = [];
  for (const app of apps) {
    const { distOf = defaultDist } = options;
    servers.push(
      app.folder === 'host'
        ? await serveHost({ port: app.port, configFile: options.hostConfigFile, distOf })
        : await startStaticServer({ root: distOf(app.folder), port: app.port, spa: false }),
    );
  }
  return servers;
}
