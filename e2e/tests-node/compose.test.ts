// Static checks of the Docker side of the stack (no Docker engine needed): docker-compose.yml, the frontend
// image (docker/frontend.Dockerfile), its nginx server block (docker/nginx.conf) and the host's config writer
// (docker/host-config.sh), against the host's default config (host/public/config.json).
// Run from the repository root:  node --import tsx --test e2e/tests-node/compose.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { hostContentSecurityPolicy, hostSecurityHeaders, remoteSecurityHeaders } from '../stack/securityHeaders.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

const FRONTEND_DOCKERFILE = 'docker/frontend.Dockerfile';
const HOST_CONFIG_SCRIPT = 'docker/host-config.sh';
/** The host's port (docs/architecture.md#host-and-remotes); the remotes' ports come from host/public/config.json. */
const HOST_PORT = 3000;

// ---------------------------------------------------------------------------------------------------------------
// docker-compose.yml, normalised. Variables are interpolated as on a machine that sets none of them
// (`${X:-default}` gives the default), so the checks see the stack's defaults.

type EnvValue = string | number | boolean | null;
type RawService = {
  build?: string | { context?: string; dockerfile?: string; args?: Record<string, EnvValue> | string[] };
  environment?: Record<string, EnvValue> | string[];
  ports?: (string | number | { target: string | number; published?: string | number })[];
};
type Service = {
  name: string;
  build?: { context: string; dockerfile: string; args: Record<string, string> };
  env: Record<string, string>;
  ports: { published: number | undefined; target: number }[];
};

function interpolate(value: string): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, _braced: string | undefined, operator: string | undefined, word: string | undefined) => {
      if (match === '$$') return '$';
      // every variable is unset: only `:-` and `-` give a value (their default)
      return operator === ':-' || operator === '-' ? interpolate(word ?? '') : '';
    },
  );
}

function keyValues(raw: Record<string, EnvValue> | string[] | undefined): Record<string, string> {
  if (raw === undefined) return {};
  const entries: [string, string][] = Array.isArray(raw)
    ? raw.map((item) => {
        const at = item.indexOf('=');
        return at < 0 ? [item, ''] : [item.slice(0, at), item.slice(at + 1)];
      })
    : Object.entries(raw).map(([key, value]) => [key, value === null ? '' : String(value)]);
  return Object.fromEntries(entries.map(([key, value]) => [key, interpolate(value)]));
}

function port(raw: NonNullable<RawService['ports']>[number]): Service['ports'][number] {
  if (typeof raw === 'object') {
    return {
      published: raw.published === undefined ? undefined : Number(interpolate(String(raw.published))),
      target: Number(interpolate(String(raw.target))),
    };
  }
  const parts = interpolate(String(raw))
    .replace(/\/(tcp|udp)$/, '')
    .split(':');
  const target = Number(parts.at(-1));
  return { published: parts.length > 1 ? Number(parts.at(-2)) : undefined, target };
}

function loadCompose(): Map<string, Service> {
  const doc = parse(read('docker-compose.yml')) as { services?: Record<string, RawService> };
  assert.ok(doc.services, 'docker-compose.yml has services');
  const services = new Map<string, Service>();
  for (const [name, raw] of Object.entries(doc.services)) {
    const build = typeof raw.build === 'string' ? { context: raw.build } : raw.build;
    services.set(name, {
      name,
      build: build && {
        context: interpolate(build.context ?? '.'),
        dockerfile: interpolate(build.dockerfile ?? 'Dockerfile'),
        args: keyValues(build.args),
      },
      env: keyValues(raw.environment),
      ports: (raw.ports ?? []).map(port),
    });
  }
  return services;
}

const services = loadCompose();

function service(name: string): Service {
  const found = services.get(name);
  assert.ok(found, `docker-compose.yml has a "${name}" service`);
  return found;
}

/** The one port mapping of a service. */
function mapping(name: string): { published: number; target: number } {
  const { ports } = service(name);
  assert.equal(ports.length, 1, `${name} publishes exactly one port`);
  const [{ published, target }] = ports as [Service['ports'][number]];
  assert.ok(published !== undefined && Number.isInteger(published), `${name} publishes a fixed port`);
  return { published, target };
}

// ---------------------------------------------------------------------------------------------------------------
// host/public/config.json: the remotes (key mfe_leads ↔ service and folder mfe-leads ↔ variable MFE_LEADS_URL)

type HostConfig = {
  apiBaseUrl: string;
  remotes: Record<string, string>;
  remoteEntryTimeoutMs: number;
  chunkLoadTimeoutMs: number;
  pageLoadDelayMs: number;
};
const hostConfig = JSON.parse(read('host/public/config.json')) as HostConfig;
const remotes = Object.entries(hostConfig.remotes).map(([key, url]) => ({
  key,
  url: new URL(url),
  service: key.replaceAll('_', '-'),
  envVar: `${key.toUpperCase()}_URL`,
}));

const frontendServices = [...services.values()].filter((s) => s.build?.dockerfile === FRONTEND_DOCKERFILE);

// ---------------------------------------------------------------------------------------------------------------
// docker/nginx.conf, rendered as the Dockerfile renders it, and a small model of nginx's location choice

const RENDER = {
  host: { SPA_FALLBACK: '/index.html' },
  remote: { SPA_FALLBACK: '=404' },
} as const;
/** How the Dockerfile sets those values (checked below, so that this test renders what the image renders). */
const RENDER_IN_DOCKERFILE = {
  host: 'SPA_FALLBACK=/index.html;',
  remote: "SPA_FALLBACK='=404';",
  envsubst: "envsubst '${SPA_FALLBACK}'",
};
const SECURITY_HEADERS_FILE = '/etc/nginx/security-headers.conf';

/** The remotes' security headers, as the Dockerfile writes them (its `printf` of add_header lines). */
function remoteSecurityHeadersConf(): string {
  const lines = [...read(FRONTEND_DOCKERFILE).matchAll(/'(add_header [^']+;)'/g)].map((m) => m[1]!);
  assert.ok(read(FRONTEND_DOCKERFILE).includes(`> ${SECURITY_HEADERS_FILE}`), `the Dockerfile writes ${SECURITY_HEADERS_FILE} for the remotes`);
  return lines.join('\n');
}

/** The host's security headers, as docker/host-config.sh writes them at start with this environment. */
function hostSecurityHeadersConf(env: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'host-headers-'));
  try {
    const file = join(dir, 'headers.conf');
    const result = spawnSync('sh', [join(root, HOST_CONFIG_SCRIPT)], {
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOST_CONFIG_FILE: join(dir, 'config.json'), HOST_HEADERS_FILE: file, ...env },
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
    return readFileSync(file, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Directive = {
  name: string;
  args: string[];
  block?: Directive[];
};

/** Tokenises and nests an nginx configuration (quotes, comments, blocks; `\"`, `\'`, `\\` unescaped in quotes). */
function parseNginx(text: string): Directive[] {
  const tokens: { value: string; special: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
    else if (c === '{' || c === '}' || c === ';') {
      tokens.push({ value: c, special: true });
      i++;
    } else if (c === '"' || c === "'") {
      let value = '';
      let j = i + 1;
      for (; j < text.length && text[j] !== c; j++) {
        if (text[j] === '\\' && ['"', "'", '\\'].includes(text[j + 1]!)) j++;
        value += text[j];
      }
      assert.ok(j < text.length, 'nginx.conf: unterminated quote');
      tokens.push({ value, special: false });
      i = j + 1;
    } else {
      let j = i;
      while (j < text.length && !/[\s;{}]/.test(text[j]!)) j++;
      tokens.push({ value: text.slice(i, j), special: false });
      i = j;
    }
  }
  let at = 0;
  const block = (nested: boolean): Directive[] => {
    const directives: Directive[] = [];
    while (at < tokens.length) {
      if (tokens[at]!.special && tokens[at]!.value === '}') {
        assert.ok(nested, 'nginx.conf: unbalanced "}"');
        at++;
        return directives;
      }
      const words: string[] = [];
      while (at < tokens.length && !tokens[at]!.special) words.push(tokens[at++]!.value);
      const end = tokens[at++];
      assert.ok(end && words.length > 0, `nginx.conf: directive without name or end near "${words.join(' ')}"`);
      const [name, ...args] = words as [string, ...string[]];
      if (end.value === ';') directives.push({ name, args });
      else if (end.value === '{') directives.push({ name, args, block: block(true) });
      else assert.fail('nginx.conf: unbalanced "}"');
    }
    assert.ok(!nested, 'nginx.conf: missing "}"');
    return directives;
  };
  return block(false);
}

function render(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{(\w+)\}|\$(\w+)/g, (match, braced?: string, bare?: string) => {
    const name = (braced ?? bare)!;
    return name in values ? values[name]! : match;
  });
}

type NginxServer = {
  directives: Directive[];
  locations: Directive[];
};

function server(kind: keyof typeof RENDER): NginxServer {
  const included = kind === 'host' ? hostSecurityHeadersConf() : remoteSecurityHeadersConf();
  const rendered = render(read('docker/nginx.conf'), RENDER[kind]).replaceAll(`include ${SECURITY_HEADERS_FILE};`, included);
  const top = parseNginx(rendered);
  const servers = top.filter((d) => d.name === 'server');
  assert.equal(servers.length, 1, 'docker/nginx.conf holds one server block');
  assert.deepEqual(
    top.filter((d) => d.name !== 'server').map((d) => d.name),
    [],
    'docker/nginx.conf holds nothing but the server block (it is included inside http {})',
  );
  const directives = servers[0]!.block!;
  return { directives, locations: directives.filter((d) => d.name === 'location') };
}

/** nginx's choice: exact match, else the longest prefix if it is `^~`, else the first matching regex, else the
 * longest prefix. */
function locationFor(srv: NginxServer, uri: string): Directive {
  const exact = srv.locations.find((l) => l.args[0] === '=' && l.args[1] === uri);
  if (exact) return exact;
  let prefix: Directive | undefined;
  let prefixPath = '';
  for (const l of srv.locations) {
    const [modifier, path] = l.args.length === 1 ? ['', l.args[0]!] : [l.args[0]!, l.args[1]!];
    if ((modifier === '' || modifier === '^~') && uri.startsWith(path) && path.length > prefixPath.length) {
      prefix = l;
      prefixPath = path;
    }
  }
  if (prefix?.args[0] === '^~') return prefix;
  const regex = srv.locations.find((l) => (l.args[0] === '~' || l.args[0] === '~*') && new RegExp(l.args[1]!, l.args[0] === '~*' ? 'i' : '').test(uri));
  const chosen = regex ?? prefix;
  assert.ok(chosen, `some location serves ${uri}`);
  return chosen;
}

/** A location's add_header values for a header (a location with add_header inherits none from the server). */
function headers(srv: NginxServer, location: Directive, name: string): { value: string; always: boolean }[] {
  const own = location.block!.filter((d) => d.name === 'add_header');
  const effective = own.length > 0 ? own : srv.directives.filter((d) => d.name === 'add_header');
  return effective.filter((d) => d.args[0]!.toLowerCase() === name.toLowerCase()).map((d) => ({ value: d.args[1] ?? '', always: d.args[2] === 'always' }));
}

function cacheControl(srv: NginxServer, uri: string): string {
  const values = headers(srv, locationFor(srv, uri), 'Cache-Control').map((h) => h.value);
  assert.equal(values.length, 1, `one Cache-Control for ${uri}`);
  return values[0]!;
}

function tryFilesFallback(srv: NginxServer, uri: string): string | undefined {
  const tryFiles = locationFor(srv, uri).block!.find((d) => d.name === 'try_files');
  return tryFiles?.args.at(-1);
}

const ENTRY_POINTS = ['/index.html', '/config.json', '/mf-manifest.json', '/remoteEntry.js'];
const HASHED = [
  '/main.3b1f0c5a9d2e4f6a8b7c.js',
  '/812.5e3c2a1f.js',
  '/__federation_expose_LeadsPage.0a1b2c3d4e5f6a7b8c9d.js',
  '/vendors-node_modules_antd_es_index_js.9f86d081884c7d659a2f.js',
  '/styles.0a1b2c3d.css',
  '/9f86d081884c7d659a2f.png',
  '/static/media/logo.9f86d081.svg',
  '/fonts/Inter-Regular.a1b2c3d4.woff2',
];
const UNHASHED = ['/favicon.ico', '/locales/en/translation.json', '/robots.txt', '/mf-stats.json'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

// ---------------------------------------------------------------------------------------------------------------

test('every service with a build has an existing context and Dockerfile', () => {
  const built = [...services.values()].filter((s) => s.build);
  assert.ok(built.length > 0);
  for (const s of built) {
    const context = resolve(root, s.build!.context);
    assert.ok(existsSync(context) && statSync(context).isDirectory(), `${s.name}: build context ${context} exists`);
    const dockerfile = resolve(context, s.build!.dockerfile);
    assert.ok(existsSync(dockerfile) && statSync(dockerfile).isFile(), `${s.name}: Dockerfile ${dockerfile} exists`);
  }
});

test('the frontends are the host and the remotes of host/public/config.json, each built from its folder', () => {
  assert.deepEqual(frontendServices.map((s) => s.name).sort(), ['host', ...remotes.map((r) => r.service)].sort());
  for (const s of frontendServices) {
    assert.equal(resolve(root, s.build!.context), resolve(root), `${s.name} builds from the repository root`);
    assert.deepEqual(s.build!.args, { APP: s.name }, `${s.name} builds with APP=${s.name}`);
    const pkg = JSON.parse(read(`${s.name}/package.json`)) as { name: string };
    assert.equal(pkg.name, `@crm/${s.name}`, `${s.name}/package.json is @crm/${s.name}`);
  }
});

test("each frontend publishes its default port (host/public/config.json) on nginx's port", () => {
  const listen = server('remote')
    .directives.filter((d) => d.name === 'listen')
    .map((d) => d.args[0]);
  assert.deepEqual(listen, ['80'], 'nginx listens on port 80 only');
  assert.match(read(FRONTEND_DOCKERFILE), /^EXPOSE 80$/m);
  for (const s of frontendServices) assert.equal(mapping(s.name).target, 80, `${s.name}: container port`);

  assert.equal(mapping('host').published, HOST_PORT, 'host: published port');
  for (const r of remotes) {
    assert.equal(r.url.protocol, 'http:', `${r.key}: default URL is http`);
    assert.equal(r.url.hostname, 'localhost', `${r.key}: default URL is on localhost`);
    assert.equal(r.url.pathname, '/mf-manifest.json', `${r.key}: default URL is the remote's manifest`);
    assert.equal(mapping(r.service).published, Number(r.url.port), `${r.service}: published port = ${r.url}`);
  }
  const ports = frontendServices.map((s) => mapping(s.name).published);
  assert.equal(new Set(ports).size, ports.length, 'no two frontends publish the same port');

  const api = new URL(hostConfig.apiBaseUrl);
  assert.equal(mapping('api').published, Number(api.port), `api: published port = ${api}`);
  assert.equal(mapping('api').target, Number(service('api').env.PORT), 'api: container port = its PORT');
});

test("the host's environment points at the published ports of the matching services", () => {
  const env = service('host').env;
  const published = (name: string) => `localhost:${mapping(name).published}`;

  const api = new URL(env.API_BASE_URL ?? '');
  assert.equal(api.host, published('api'), 'API_BASE_URL names the api published port');
  assert.equal(api.pathname, '/api');
  assert.equal(env.API_BASE_URL, hostConfig.apiBaseUrl);

  for (const r of remotes) {
    const value = env[r.envVar];
    assert.ok(value, `host sets ${r.envVar}`);
    const url = new URL(value);
    assert.equal(url.host, published(r.service), `${r.envVar} names ${r.service}'s published port`);
    assert.equal(url.pathname, '/mf-manifest.json', `${r.envVar} is a manifest URL`);
    assert.equal(value, r.url.href, `${r.envVar} equals the default in host/public/config.json`);
  }
  assert.equal(Number(env.REMOTE_ENTRY_TIMEOUT_MS), hostConfig.remoteEntryTimeoutMs);
  assert.equal(Number(env.CHUNK_LOAD_TIMEOUT_MS), hostConfig.chunkLoadTimeoutMs);
  assert.equal(Number(env.PAGE_LOAD_DELAY_MS), hostConfig.pageLoadDelayMs);

  // the compose file and the config writer speak of the same variables
  const scriptVars = [...read(HOST_CONFIG_SCRIPT).matchAll(/\$\{([A-Z_]+):-/g)].map((m) => m[1]!);
  assert.deepEqual(
    Object.keys(env).sort(),
    [...new Set(scriptVars)].filter((name) => name !== 'HOST_CONFIG_FILE' && name !== 'HOST_HEADERS_FILE').sort(),
    'host env = the variables host-config.sh reads',
  );
});

test("the api's CORS_ORIGINS includes the host's URL", () => {
  const origins = (service('api').env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim());
  assert.ok(origins.includes(`http://localhost:${mapping('host').published}`), `CORS_ORIGINS (${origins.join(', ')}) includes http://localhost:${mapping('host').published}`);
});

const needsSh = { skip: process.platform === 'win32' && 'needs a POSIX sh' };

test('host-config.sh writes the config of the environment, defaulting to host/public/config.json', needsSh, () => {
  const dir = mkdtempSync(join(tmpdir(), 'host-config-'));
  try {
    const file = join(dir, 'config.json');
    const run = (vars: Record<string, string>) => {
      rmSync(file, { force: true });
      const result = spawnSync('sh', [join(root, HOST_CONFIG_SCRIPT)], {
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOST_CONFIG_FILE: file, HOST_HEADERS_FILE: join(dir, 'headers.conf'), ...vars },
        encoding: 'utf8',
      });
      const json = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as unknown) : undefined;
      return { status: result.status, stderr: result.stderr, json };
    };

    const fromCompose = run(service('host').env);
    assert.equal(fromCompose.status, 0, fromCompose.stderr);
    assert.deepEqual(fromCompose.json, hostConfig, "with docker-compose.yml's environment");

    const unset = run({});
    assert.equal(unset.status, 0, unset.stderr);
    assert.deepEqual(unset.json, hostConfig, 'with no environment');

    const custom = run({
      API_BASE_URL: 'https://crm.example.com/a"b\\c/api',
      MFE_SETTINGS_URL: 'https://settings.example.com/mf-manifest.json',
      CHUNK_LOAD_TIMEOUT_MS: '60000',
      PAGE_LOAD_DELAY_MS: '0',
    });
    assert.equal(custom.status, 0, custom.stderr);
    assert.deepEqual(custom.json, {
      ...hostConfig,
      apiBaseUrl: 'https://crm.example.com/a"b\\c/api',
      remotes: { ...hostConfig.remotes, mfe_settings: 'https://settings.example.com/mf-manifest.json' },
      chunkLoadTimeoutMs: 60000,
      pageLoadDelayMs: 0,
    });

    const refused: Record<string, string>[] = [
      { REMOTE_ENTRY_TIMEOUT_MS: '2m' },
      { PAGE_LOAD_DELAY_MS: '-1' },
      { MFE_LEADS_URL: 'http://a\nb' },
      { MFE_BROKERS_URL: 'http://a"b/mf-manifest.json' },
    ];
    for (const bad of refused) {
      const result = run(bad);
      assert.notEqual(result.status, 0, `refuses ${JSON.stringify(bad)}`);
      assert.equal(result.json, undefined, `writes nothing for ${JSON.stringify(bad)}`);
      assert.match(result.stderr, new RegExp(Object.keys(bad)[0]!));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('frontend.Dockerfile installs the whole workspace from the lockfile, builds APP and serves its dist', () => {
  const dockerfile = read(FRONTEND_DOCKERFILE);
  const from = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
  assert.deepEqual(from, ['node:20-bookworm-slim', 'nginx:1.27-alpine']);
  assert.match(dockerfile, /npm install -g pnpm@10\.34\.9/);

  const install = dockerfile.indexOf('pnpm install --frozen-lockfile');
  assert.ok(install > 0, 'runs pnpm install --frozen-lockfile');
  const workspace = parse(read('pnpm-workspace.yaml')) as { packages: string[] };
  for (const dir of workspace.packages) {
    assert.ok(!/[*?]/.test(dir), `pnpm-workspace.yaml entry ${dir} is a glob: list its packages in the Dockerfile`);
    const copy = new RegExp(`^COPY ${dir}/package\\.json ${dir}/$`, 'm').exec(dockerfile);
    assert.ok(copy && copy.index < install, `copies ${dir}/package.json before the install`);
  }
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json']) {
    const copy = new RegExp(`^COPY .*\\b${file.replace('.', '\\.')}\\b.* \\./$`, 'm').exec(dockerfile);
    assert.ok(copy && copy.index < install, `copies ${file} before the install`);
  }
  const arg = dockerfile.indexOf('ARG APP');
  assert.ok(arg > install, 'APP is declared after the install, so the install layer is shared by every app');
  assert.match(dockerfile, /pnpm --filter "@crm\/\$APP" build/);
  assert.match(dockerfile, /^COPY --from=build \/app\/\$\{APP\}\/dist \/usr\/share\/nginx\/html$/m);
  assert.match(dockerfile, /^COPY docker\/host-config\.sh \/docker-entrypoint\.d\/\d+-[\w-]+\.sh$/m);

  // the nginx template is rendered with the values this test renders it with, and nothing is left unrendered
  for (const snippet of Object.values(RENDER_IN_DOCKERFILE)) assert.ok(dockerfile.includes(snippet), snippet);
  const placeholders = new Set([...read('docker/nginx.conf').matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]));
  assert.deepEqual([...placeholders].sort(), ['SPA_FALLBACK']);
});

test('the API image runs the build (api/build.ts: dist/main.js), not the TypeScript through tsx', () => {
  const dockerfile = read('api/Dockerfile');
  const sources = dockerfile.indexOf('COPY api api');
  const build = dockerfile.indexOf('RUN node --import tsx build.ts');
  assert.ok(sources > 0 && build > sources, 'builds after copying the sources');
  // started with the flags build.ts names (productionNodeFlags), as `pnpm start` and the benchmarks start it
  const flags =
    /productionNodeFlags = \[([^\]]*)\]/
      .exec(read('api/build.ts'))?.[1]
      ?.split(',')
      .map((flag) => flag.trim().replaceAll("'", '')) ?? [];
  assert.ok(flags.length > 0, 'build.ts names the production flags');
  assert.ok(dockerfile.includes(`CMD ${JSON.stringify(['node', ...flags, 'dist/main.js']).replaceAll(',', ', ')}`), 'the CMD starts dist/main.js with them');
  const manifest = JSON.parse(read('api/package.json')) as { scripts: Record<string, string> };
  assert.ok(manifest.scripts['start']?.endsWith(`node ${flags.join(' ')} dist/main.js`), 'pnpm start starts it with them');
  assert.match(read('api/build.ts'), /^\s+main: 'src\/main\.ts',$/m, 'dist/main.js is the build of src/main.ts');
});

test('both images copy the patches of patched dependencies before installing (--frozen-lockfile fails without them)', () => {
  const manifest = JSON.parse(read('package.json')) as { pnpm?: { patchedDependencies?: Record<string, string> } };
  const patches = Object.values(manifest.pnpm?.patchedDependencies ?? {});
  assert.ok(patches.length > 0, 'package.json names its patched dependencies');
  for (const path of [FRONTEND_DOCKERFILE, 'api/Dockerfile']) {
    const dockerfile = read(path);
    const install = dockerfile.indexOf('pnpm install --frozen-lockfile');
    const copy = /^COPY patches patches$/m.exec(dockerfile);
    assert.ok(copy && copy.index < install, `${path} copies patches/ before the install`);
  }
  for (const patch of patches) assert.ok(patch.startsWith('patches/') && existsSync(join(root, patch)), `${patch} is in patches/`);
});

test('nginx: manifest, remoteEntry, index.html and config.json are no-cache; hashed assets immutable', () => {
  for (const kind of ['host', 'remote'] as const) {
    const srv = server(kind);
    for (const uri of ENTRY_POINTS) assert.equal(cacheControl(srv, uri), 'no-cache', `${kind} ${uri}`);
    for (const uri of HASHED) {
      assert.equal(cacheControl(srv, uri), IMMUTABLE, `${kind} ${uri}`);
      assert.equal(tryFilesFallback(srv, uri), '=404', `${kind}: a missing ${uri} is a 404, never index.html`);
    }
    for (const uri of UNHASHED) {
      assert.doesNotMatch(cacheControl(srv, uri), /immutable|max-age=[1-9]/, `${kind} ${uri}`);
    }
    for (const uri of [...ENTRY_POINTS, ...HASHED]) {
      assert.ok(
        headers(srv, locationFor(srv, uri), 'Cache-Control').every((h) => !h.always),
        `${kind} ${uri}: Cache-Control only on successful responses (no "immutable" 404)`,
      );
    }
  }
});

test('nginx: SPA fallback on the host only; CORS open on the remotes only; gzip for js, css and json', () => {
  const host = server('host');
  const remote = server('remote');
  assert.equal(tryFilesFallback(host, '/leads/D0000000001'), '/index.html', 'host: client-side routes get index.html');
  assert.equal(tryFilesFallback(host, '/'), '/index.html');
  assert.equal(tryFilesFallback(remote, '/leads/D0000000001'), '=404', 'remote: no fallback');
  assert.equal(tryFilesFallback(remote, '/'), '=404');

  for (const uri of [...ENTRY_POINTS, ...HASHED, ...UNHASHED, '/']) {
    const open = headers(remote, locationFor(remote, uri), 'Access-Control-Allow-Origin');
    assert.deepEqual(open, [{ value: '*', always: true }], `remote ${uri}: Access-Control-Allow-Origin: * (always)`);
    const closed = headers(host, locationFor(host, uri), 'Access-Control-Allow-Origin');
    assert.deepEqual(closed, [], `host ${uri}: no Access-Control-Allow-Origin`);
  }

  for (const srv of [host, remote]) {
    const value = (name: string) => srv.directives.find((d) => d.name === name)?.args ?? [];
    assert.deepEqual(value('gzip'), ['on']);
    for (const type of ['application/javascript', 'text/css', 'application/json']) {
      assert.ok(value('gzip_types').includes(type), `gzip_types includes ${type}`);
    }
  }
});

test('nginx sends the security headers the browser tests are served with (e2e/stack/securityHeaders.ts)', () => {
  const asHeaders = (srv: NginxServer, uri: string) =>
    Object.fromEntries(
      srv.locations.length > 0
        ? locationFor(srv, uri)
            .block!.filter((d) => d.name === 'add_header' && d.args[0]!.toLowerCase() !== 'cache-control')
            .map((d) => {
              assert.equal(d.args[2], 'always', `${d.args[0]} is sent on every answer`);
              return [d.args[0]!.toLowerCase(), d.args[1]!];
            })
        : [],
    );
  for (const uri of ['/', ...ENTRY_POINTS, ...HASHED]) {
    assert.deepEqual(asHeaders(server('host'), uri), hostSecurityHeaders(hostConfig), `host ${uri}`);
    assert.deepEqual(asHeaders(server('remote'), uri), remoteSecurityHeaders, `remote ${uri}`);
  }
  // With other URLs, the host's policy names them: scripts from the remotes, calls to them and to the API.
  const custom = { apiBaseUrl: 'https://api.example.com/api', remotes: { ...hostConfig.remotes, mfe_settings: 'https://Settings.example.com/mf-manifest.json' } };
  const conf = hostSecurityHeadersConf({ API_BASE_URL: custom.apiBaseUrl, MFE_SETTINGS_URL: custom.remotes.mfe_settings });
  const csp = /Content-Security-Policy "([^"]+)"/.exec(conf)?.[1];
  assert.equal(csp, hostContentSecurityPolicy(custom));
  assert.match(csp ?? '', /script-src 'self' [^;]*https:\/\/settings\.example\.com/);
  assert.match(csp ?? '', /connect-src [^;]*https:\/\/api\.example\.com/);
  assert.match(csp ?? '', /frame-ancestors 'none'/);
});
