/**
 * One webpack configuration for the host and every remote: swc, module federation with the shared
 * singletons, a manifest, content-hashed chunks, and a dev server on the app's port.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import CopyPlugin from 'copy-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack, { type Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { sharedDependencies } from './sharedDependencies.ts';

export type AppConfigOptions = {
  /** The app folder (its package root). */
  root: string;
  /** Federation name: 'host' or 'mfe_leads' … */
  name: string;
  port: number;
  /** './Page' → './src/exposes/Page.tsx' */
  exposes?: Record<string, string>;
  /** Runtime plugins (the host's load-failure handling). */
  runtimePlugins?: string[];
  /** Serve index.html for every path (the host's router; a remote's standalone shell). */
  spa: boolean;
};

type Environment = { WEBPACK_SERVE?: boolean };

const antdStub = fileURLToPath(new URL('./bench/antdStub.tsx', import.meta.url));

export function createAppConfig(options: AppConfigOptions) {
  return (_env: Environment, argv: { mode?: Configuration['mode'] }): Configuration & { devServer?: DevServerConfiguration } => {
    const production = argv.mode !== 'development';
    // A remote built to run alone (its team's shell): it then provides the UI modules itself.
    const standalone = options.name !== 'host' && process.env['CRM_STANDALONE'] === '1';
    const publicDir = join(options.root, 'public');
    return {
      mode: production ? 'production' : 'development',
      context: options.root,
      entry: './src/index.ts',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        // A build variant (another label, a fault-injection build) can go elsewhere than dist/.
        path: process.env['CRM_OUT_DIR'] ?? join(options.root, 'dist'),
        publicPath: 'auto',
        uniqueName: options.name,
        filename: production ? '[name].[contenthash:12].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
        // A backstop only: /config.json's chunkLoadTimeoutMs (120 s by default) governs chunk loads at run
        // time (chunkLoadLimit.ts), so it must fire before webpack's own timer.
        chunkLoadTimeout: 24 * 60 * 60 * 1000,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
        // Bench only (e2e/bench/bundle.ts): the floor build swaps antd and its icons (exact module names)
        // for a tiny stub, to measure the login page without them. No effect unless CRM_ANTD_STUB is set.
        ...(process.env['CRM_ANTD_STUB'] ? { alias: { antd$: antdStub, '@ant-design/icons$': antdStub } } : {}),
      },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: options.name,
          filename: 'remoteEntry.js',
          exposes: options.exposes ?? {},
          remotes: {},
          shared: sharedDependencies({ provideUi: options.name === 'host' || standalone }),
          shareStrategy: 'loaded-first',
          // Every app takes its own copy of a shared module nobody has finished loading (preferOwnShare.ts), and its
          // chunk loads end at the configured limit (chunkLoadLimit.ts).
          runtimePlugins: [
            ...['preferOwnShare.ts', 'chunkLoadLimit.ts'].map((file) => fileURLToPath(new URL(`../src/federation/${file}`, import.meta.url))),
            ...(options.runtimePlugins ?? []),
          ],
          manifest: true,
          dts: false,
        }),
        // Only the moment locales the console offers (en is built in).
        new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/(de)$/),
        new webpack.DefinePlugin({
          'process.env.CRM_BUILD_LABEL': JSON.stringify(process.env['CRM_BUILD_LABEL'] ?? ''),
          'process.env.CRM_FAULT': JSON.stringify(process.env['CRM_FAULT'] ?? ''),
        }),
        ...(existsSync(join(publicDir, 'index.html')) ? [new HtmlWebpackPlugin({ template: join(publicDir, 'index.html'), chunks: ['main'], publicPath: '/' })] : []),
        ...(existsSync(publicDir) ? [new CopyPlugin({ patterns: [{ from: publicDir, globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }] })] : []),
        // A remote's standalone build carries the host's translation files, so it runs on its own.
        ...(standalone ? [new CopyPlugin({ patterns: [{ from: join(options.root, '../host/public/locales'), to: 'locales' }] })] : []),
      ],
      optimization: { minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: true, mangle: true } })] },
      performance: { hints: false },
      // publicPath 'auto' is deliberate (a remote is served from wherever it is deployed).
      ignoreWarnings: [/Manifest will use absolute path resolution/],
      devServer: {
        port: options.port,
        headers: { 'Access-Control-Allow-Origin': '*' },
        historyApiFallback: options.spa,
        // A remote's standalone shell borrows the host's translation files.
        static: [
          ...(existsSync(publicDir) ? [{ directory: publicDir }] : []),
          ...(options.name === 'host' ? [] : [{ directory: join(options.root, '../host/public/locales'), publicPath: '/locales' }]),
        ],
        hot: false,
        liveReload: true,
      },
    };
  };
}

/** A remote's exposes, derived from the route table: './Page' → './src/exposes/Page.tsx'. */
export function exposesOf(pages: readonly string[]): Record<string, string> {
  return Object.fromEntries(pages.map((page) => [`./${page}`, `./src/exposes/${page}.tsx`]));
}
