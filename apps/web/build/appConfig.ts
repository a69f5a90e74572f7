// The rspack configuration the web app and the staff console share: TypeScript through SWC, CSS
// modules, hashed file names, workspace packages compiled from their sources, brotli and gzip beside
// every text asset (ADR 0098), react in its own chunk, and a dev server proxying /api. Each app's
// rspack.config.ts names only what is its own: path, browsers, chunks, extra rules and plugins.
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import type { DevServer, OptimizationSplitChunksCacheGroup, Plugins, RspackOptions, RuleSetRule } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { PrecompressPlugin } from './precompress';

export interface AppBuild {
  /** The app's folder, `new URL('.', import.meta.url)` of its rspack.config.ts. */
  app: URL;
  /** Where the API serves it: `/` or `/console/`. */
  publicPath: string;
  /** A folder to build into instead of the app's `dist/` (a copy to test against). */
  outDir: string | undefined;
  /** The browsers SWC compiles for. */
  targets: string[];
  /** Rules after the shared TypeScript and CSS ones (before the images'). */
  rules?: RuleSetRule[];
  /** Production plugins after the precompression. */
  plugins?: Plugins;
  /** Chunk groups beside `react`. */
  cacheGroups?: Record<string, OptimizationSplitChunksCacheGroup>;
  ignoreWarnings?: RegExp[];
  devServer: Pick<DevServer, 'port' | 'historyApiFallback' | 'devMiddleware'>;
}

/** The shared configuration for one app in development or production mode. */
export function appConfig(build: AppBuild, isDev: boolean): RspackOptions {
  const hashed = (ext: string) => (isDev ? `assets/[name]${ext}` : `assets/[name].[contenthash:10]${ext}`);
  return {
    context: fileURLToPath(build.app),
    mode: isDev ? 'development' : 'production',
    target: ['web', 'es2020'],
    entry: { main: './src/main.tsx' },
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    output: {
      path: build.outDir ?? fileURLToPath(new URL('./dist/', build.app)),
      publicPath: build.publicPath,
      filename: hashed('.js'),
      chunkFilename: hashed('.js'),
      cssFilename: hashed('.css'),
      cssChunkFilename: hashed('.css'),
      assetModuleFilename: hashed('[ext]'),
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      // Workspace packages (@glucoguard/*) are compiled from their TypeScript sources.
      conditionNames: ['@glucoguard/source', 'browser', 'import', 'module', 'default'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      // CSS modules (*.module.css) give a default export of their class names; custom properties
      // (the design tokens' --gg-* and the component libraries' variables) stay global.
      parser: { 'css/auto': { namedExports: false, dashedIdents: false } },
      rules: [
        {
          test: /\.(?:ts|tsx)$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: isDev, refresh: isDev } },
            },
            env: { targets: build.targets },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        ...(build.rules ?? []),
        { test: /\.(?:png|jpe?g|gif|svg|webp)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: './index.html',
        favicon: './public/favicon.svg',
        inject: 'body',
        scriptLoading: 'defer',
      }),
      ...(isDev ? [new ReactRefreshRspackPlugin()] : [new PrecompressPlugin(), ...(build.plugins ?? [])]),
    ],
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          react: {
            test: /[\\/]node_modules[\\/](?:react|react-dom|react-router|react-router-dom|scheduler)[\\/]/,
            name: 'react',
            priority: 20,
          },
          ...build.cacheGroups,
        },
      },
    },
    ignoreWarnings: build.ignoreWarnings,
    performance: { hints: false },
    devServer: {
      host: 'localhost',
      hot: true,
      ...build.devServer,
      proxy: [
        { context: ['/api'], target: process.env.API_PROXY_TARGET ?? 'http://localhost:3000', changeOrigin: true },
      ],
    },
  };
}
