/**
 * The one Jest configuration of the frontend packages (shared, host, remotes): TypeScript and TSX through
 * @swc/jest to CommonJS, jsdom, the workspace package's subpath exports mapped to their TypeScript source
 * (read from shared/package.json, so a new export needs no change here), and the shared setup files
 * (browser APIs jsdom lacks; jest-dom and i18n).
 * A package's jest.config.cjs is one line: `module.exports = require('@crm/shared/build/jest/preset.cjs').createJestConfig(__dirname)`.
 */
const path = require('node:path');

const sharedRoot = path.resolve(__dirname, '../..');
const sharedPackage = require(path.join(sharedRoot, 'package.json'));

function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** '@crm/shared', '@crm/shared/ui', … → their source files; wildcard exports (./build/*) are left to Node. */
function workspaceMappings() {
  const mappings = {};
  for (const [subpath, target] of Object.entries(sharedPackage.exports)) {
    if (subpath.includes('*') || typeof target !== 'string') continue;
    const specifier = subpath === '.' ? sharedPackage.name : `${sharedPackage.name}/${subpath.slice(2)}`;
    mappings[`^${escapeRegExp(specifier)}$`] = path.join(sharedRoot, target);
  }
  return mappings;
}

const swcOptions = {
  jsc: {
    parser: { syntax: 'typescript', tsx: true },
    transform: { react: { runtime: 'automatic' }, useDefineForClassFields: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};

/** @param {string} rootDir the package directory */
function createJestConfig(rootDir) {
  return {
    rootDir,
    testEnvironment: 'jsdom',
    // One worker per core: Jest's default leaves a core to its idle parent process, which halves a 2-core machine.
    maxWorkers: '100%',
    roots: ['<rootDir>/src'],
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    transform: { '^.+\\.(ts|tsx)$': ['@swc/jest', swcOptions] },
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: {
      ...workspaceMappings(),
      // One CommonJS build of axios for every importer whatever the export conditions (jsdom's `browser`
      // would pick another), so `instanceof AxiosError` holds; tests give the client their own adapter.
      '^axios$': require.resolve('axios/dist/node/axios.cjs', { paths: [sharedRoot] }),
      // @ant-design/icons 6 ships CommonJS (lib/colorUtils.js) that requires an ES module file of @ant-design/colors.
      '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    },
    setupFiles: [path.join(sharedRoot, 'src/testing/browserApis.ts')],
    setupFilesAfterEnv: [path.join(sharedRoot, 'src/testing/setupTests.ts')],
    clearMocks: true,
    restoreMocks: true,
  };
}

module.exports = { createJestConfig };
