/**
 * Serves a built app the way production does (docker/nginx.conf): no-cache on index.html, config.json,
 * the manifest and the remote entry; immutable hashed chunks; the security headers (securityHeaders.ts: the host's
 * policy follows its config.json, read afresh as production writes it at start; CORS for the remotes only); the
 * host's SPA fallback. Used by `pnpm start` and the browser tests.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import type { RuntimeConfig } from '@crm/shared';
import { hostSecurityHeaders, remoteSecurityHeaders } from './securityHeaders.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

const alwaysFresh = new Set(['index.html', 'config.json', 'mf-manifest.json', 'mf-stats.json', 'remoteEntry.js']);
const hashed = /\.[0-9a-f]{8,}\.\w+$/;

export function cacheControlOf(fileName: string): string {
  if (alwaysFresh.has(fileName)) return 'no-cache';
  return hashed.test(fileName) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export type StaticServerOptions = {
  root: string;
  port: number;
  spa: boolean;
  host?: string;
  /** URL path → file served instead (the host's /config.json, replaceable without a rebuild; it makes the app a host). */
  files?: Record<string, string>;
};

export async function startStaticServer(options: StaticServerOptions): Promise<Server> {
  // The host is the app served with its config.json (the remotes, and a remote's standalone build, have none).
  const hostConfigFile = options.files?.['/config.json'];
  const securityHeaders = async () => (hostConfigFile ? hostSecurityHeaders(JSON.parse(await readFile(hostConfigFile, 'utf8')) as RuntimeConfig) : remoteSecurityHeaders);
  const server = createServer((request, response) => {
    void (async () => {
      const headers = await securityHeaders();
      const url = new URL(request.url ?? '/', 'http://localhost');
      const relative = normalize(decodeURIComponent(url.pathname)).replace(/^([/\\])+/, '');
      const override = options.files?.[url.pathname];
      let file = override ?? join(options.root, relative);
      if (!override && !file.startsWith(options.root + sep) && file !== options.root) {
        response.writeHead(403, headers).end();
        return;
      }
      const found = await stat(file).then(
        (info) => (info.isDirectory() ? null : info),
        () => null,
      );
      if (!found) {
        if (!options.spa || extname(relative)) {
          response.writeHead(404, { ...headers, 'content-type': 'text/plain' }).end('Not found');
          return;
        }
        file = join(options.root, 'index.html');
      }
      const name = file.split(sep).at(-1) ?? '';
      response.writeHead(200, {
        ...headers,
        'content-type': contentTypes[extname(name)] ?? 'application/octet-stream',
        'cache-control': cacheControlOf(name),
      });
      createReadStream(file).pipe(response);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  return server;
}
