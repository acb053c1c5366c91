/**
 * The one ESLint configuration of the workspace (flat config): typescript-eslint's recommended rules, React's
 * rules of hooks, and boundary rules that mirror the architecture (docs/architecture.md):
 * - a remote (mfe-*) never imports another remote or the host;
 * - apps (host, mfe-*) import antd and its icons only through @crm/shared/ui;
 * - the API imports only the React-free entries of @crm/shared (contract, access, phone, routes);
 * - no relative import climbs out of its package folder (workspace packages are imported by name);
 * - the API's units import only downwards through its layers (apiLayers).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const remotes = readdirSync(root).filter((name) => name.startsWith('mfe-'));
const packageFolders = new Set(['api', 'e2e', 'host', 'shared', ...remotes]);

/** The workspace package folder a file lies in ('mfe-leads', 'shared', …), or undefined at the root. */
function packageFolderOf(file) {
  const [top] = path.relative(root, file).split(path.sep);
  return top !== undefined && packageFolders.has(top) ? top : undefined;
}

/**
 * A relative import that resolves outside the importing file's package folder. Options: `{ allow: ['host/public/locales/'] }`
 * lists targets (paths from the repository root) that may still be reached, each allowed where it is configured.
 */
const noRelativeImportAcrossPackages = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow relative imports that leave the package folder' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      across: "'{{source}}' climbs from {{from}}/ into {{to}}/: packages reach each other only by package name (@crm/…), where the boundaries allow it.",
    },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? [];
    const file = context.filename;
    const from = packageFolderOf(file);
    function check(sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string') return;
      const source = sourceNode.value;
      if (!source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const to = packageFolderOf(target) ?? '(root)';
      if (to === (from ?? '(root)')) return;
      const fromRoot = path.relative(root, target).split(path.sep).join('/');
      if (allow.some((prefix) => fromRoot.startsWith(prefix))) return;
      context.report({ node: sourceNode, messageId: 'across', data: { source, from: from ?? '(root)', to } });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

/**
 * The API's layers, bottom first (docs/architecture.md, "The API's layers"). A unit is a top-level folder or file of
 * api/src, or one module under api/src/modules; it may import only units of lower layers, so the module graph has no
 * circle and no upward arrow. A higher module's work that a lower one needs is handed down at composition (api/src/app).
 */
const apiLayers = [
  ['config', 'time', 'net'],
  ['db'],
  ['http'],
  ['modules/notifications', 'modules/requests', 'modules/health', 'modules/localizations', 'modules/options', 'modules/settings', 'modules/events'],
  ['modules/jobs', 'modules/auth'],
  ['modules/management', 'modules/eventStream'],
  ['modules/brokers'],
  ['modules/leads'],
  ['modules/affiliates'],
  ['modules/sending'],
  ['modules/distribution'],
  ['modules/dashboard', 'modules/reports'],
  ['app', 'seed', 'dev'],
  ['server'],
  ['main', 'bench'],
];
const apiSource = path.join(root, 'api', 'src');

/** The layer unit of a file under api/src ('modules/leads', 'db', 'server'), or undefined elsewhere. */
function apiUnitOf(file) {
  const relative = path.relative(apiSource, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [top = '', second] = relative.split(path.sep);
  return top === 'modules' && second !== undefined ? `modules/${second}` : top.replace(/\.ts$/, '');
}

const apiLayerOf = new Map(apiLayers.flatMap((units, layer) => units.map((unit) => [unit, layer])));

const apiLayering = {
  meta: {
    type: 'problem',
    docs: { description: "Keep the API's module graph pointing down its layers" },
    schema: [],
    messages: {
      unknown: '{{unit}} is in no layer of the API: add it to apiLayers in eslint.config.mjs (and to docs/architecture.md).',
      upward: "{{from}} may not import {{to}} ('{{source}}'): {{to}} is not below it in the API's layers (docs/architecture.md).",
    },
  },
  create(context) {
    const from = apiUnitOf(context.filename);
    if (from === undefined) return {};
    function check(sourceNode) {
      if (!sourceNode || sourceNode.type !== 'Literal' || typeof sourceNode.value !== 'string' || !sourceNode.value.startsWith('.')) return;
      const to = apiUnitOf(path.resolve(path.dirname(context.filename), sourceNode.value));
      if (to === undefined || to === from) return;
      for (const unit of [from, to]) if (!apiLayerOf.has(unit)) return context.report({ node: sourceNode, messageId: 'unknown', data: { unit } });
      if (apiLayerOf.get(to) >= apiLayerOf.get(from)) context.report({ node: sourceNode, messageId: 'upward', data: { from, to, source: sourceNode.value } });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const antdOnlyThroughUi = {
  group: ['antd', 'antd/*', '@ant-design/*'],
  message: 'Apps import antd and its icons through @crm/shared/ui (only shared/src/ui imports antd).',
};

/** Remote federation specifiers look like 'mfe_leads/LeadSearchPage'. */
const noOtherRemoteOrHost = {
  group: ['@crm/host', '@crm/host/*', '@crm/mfe-*', 'mfe_*/*'],
  message: 'A remote never imports another remote or the host: share code through @crm/shared.',
};

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', '**/coverage/', '**/test-results/', '**/playwright-report/', 'e2e/.stack/', 'e2e/.bench/', 'api/drizzle/', 'api/data/', 'data/'],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { crm: { rules: { 'no-relative-import-across-packages': noRelativeImportAcrossPackages, 'api-layering': apiLayering } } },
    rules: {
      'crm/no-relative-import-across-packages': 'error',
      // A leading underscore marks a name left unused on purpose (`{ secret: _secret, ...rest }`, `for await (const _chunk of …)`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The root reducer's LazyLoadedSlices must be an (empty) interface: each remote adds its slice by declaration merging.
    files: ['shared/src/core/store/rootReducer.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    // Jest's configuration files are CommonJS: require() is how they load.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shared/src/**', 'host/src/**', 'mfe-*/src/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.jest } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  // Boundaries. no-restricted-imports takes its options from the last matching block, so each block is complete.
  {
    files: ['host/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [antdOnlyThroughUi] }] },
  },
  {
    files: ['mfe-*/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [antdOnlyThroughUi, noOtherRemoteOrHost] }],
      // no-restricted-imports does not look at import(): the same boundary for dynamic imports.
      'no-restricted-syntax': ['error', { selector: 'ImportExpression[source.value=/^(@crm\\/host|@crm\\/mfe-|mfe_)/]', message: noOtherRemoteOrHost.message }],
    },
  },
  {
    files: ['api/**'],
    rules: {
      'crm/api-layering': 'error',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@crm/shared', message: 'The API imports only the React-free entries of @crm/shared: contract, access, phone, routes.' }],
          patterns: [
            {
              group: ['@crm/shared/*', '!@crm/shared/contract', '!@crm/shared/access', '!@crm/shared/phone', '!@crm/shared/routes'],
              message: 'The API imports only the React-free entries of @crm/shared: contract, access, phone, routes.',
            },
          ],
        },
      ],
    },
  },

  // Known relative imports across packages, each with its reason.
  {
    // The common namespace's one copy is the host's public/locales (served at /locales); shared's test i18n loads it.
    files: ['shared/src/testing/i18nForTests.ts', 'shared/src/ui/login/AppConfig.test.tsx'],
    rules: { 'crm/no-relative-import-across-packages': ['error', { allow: ['host/public/locales/'] }] },
  },
  {
    // The end-to-end tests drive the whole stack: they reuse the API's seed data and mfe-leads' bench files, which no package exports.
    files: ['e2e/**'],
    rules: { 'crm/no-relative-import-across-packages': ['error', { allow: ['api/src/seed/', 'mfe-leads/bench/'] }] },
  },
);
