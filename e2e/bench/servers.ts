/**
 * Serves the bench builds with the product's static server on free ports: never 3000–3005 or 4000,
 * where `pnpm start` or the browser tests' stack may be running. The host's /config.json is a file
 * of ours (the `files` override), written once the ports are known.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { apps, hostConfig, remotes, type HostConfig } from '../stack/apps.ts';
import { startStaticServer } from '../stack/staticServer.ts';
import { benchDir, benchDistOf } from './builds.ts';

const reserved = new Set([...apps.map((app) => app.port), 4000]);

function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

/** A port the system reports free (port 0), re-drawn in the unlikely case it is one the stacks use. */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (!reserved.has(port)) return port;
  }
}

async function serveOnFreePort(root: string, spa: boolean, files?: Record<string, string>): Promise<Server> {
  for (;;) {
    const server = await startStaticServer({ root, port: 0, spa, ...(files ? { files } : {}) });
    if (!reserved.has(portOf(server))) return server;
    server.close();
  }
}

export type ServedRemotes = { urls: Record<string, string>; servers: Server[] };

/** The five remotes; `urls` maps a federation name to its origin. */
export async function serveRemotes(): Promise<ServedRemotes> {
  const urls: Record<string, string> = {};
  const servers: Server[] = [];
  for (const app of remotes) {
    const server = await serveOnFreePort(benchDistOf(app.folder), false);
    servers.push(server);
    urls[app.federationName] = `http://localhost:${portOf(server)}`;
  }
  return { urls, servers };
}

export type ServedHost = { origin: string; server: Server; writeConfig(overrides: Partial<HostConfig>): void };

/** A host build (`folder` under e2e/.bench/apps) whose /config.json lists the served remotes. */
export async function serveHost(folder: string, remoteUrls: Record<string, string>): Promise<ServedHost> {
  const configFile = join(benchDir, `${folder}-config.json`);
  const remoteManifests = Object.fromEntries(Object.entries(remoteUrls).map(([name, origin]) => [name, `${origin}/mf-manifest.json`]));
  const writeConfig = (overrides: Partial<HostConfig>) => writeFileSync(configFile, JSON.stringify(hostConfig({ remotes: remoteManifests, ...overrides }), null, 2));
  writeConfig({});
  const server = await serveOnFreePort(benchDistOf(folder), true, { '/config.json': configFile });
  return { origin: `http://localhost:${portOf(server)}`, server, writeConfig };
}
