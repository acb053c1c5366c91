/** Static servers for the host and the five remotes, as production serves them. */
import type { Server } from 'node:http';
import { join } from 'node:path';
import { apps, repoRoot } from './apps.ts';
import { startStaticServer } from './staticServer.ts';

/** `distOf` says where each app's build is (production dist/, or the browser tests' own builds). */
export async function serveApps(options: { hostConfigFile: string; distOf?: (folder: string) => string }): Promise<Server[]> {
  const servers: Server[] = [];
  for (const app of apps) {
    servers.push(
      await startStaticServer({
        root: options.distOf?.(app.folder) ?? join(repoRoot, app.folder, 'dist'),
        port: app.port,
        spa: app.folder === 'host',
        ...(app.folder === 'host' ? { files: { '/config.json': options.hostConfigFile } } : {}),
      }),
    );
  }
  return servers;
}
