// Build and dev-server configuration of the staff console (rspack 2, like apps/web).
//   npm run build -w @glucoguard/console  → apps/console/dist (served by the API at /console)
//   npm run dev -w @glucoguard/console    → http://localhost:5174/console/ with hot reload, /api proxied to :3000
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { PrecompressPlugin } from '../web/build/precompress';

const here = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
/** Desktop browsers of the staff: evergreen Chrome, Edge, Firefox and Safari. */
const targets = ['chrome >= 100', 'edge >= 100', 'firefox >= 100', 'safari >= 15'];

export default defineConfig((_env, argv) => {
  const isDev = argv.mode === 'development';
  const hashed = (ext: string) => (isDev ? `assets/[name]${ext}` : `assets/[name].[contenthash:10]${ext}`);
  return {
    context: here,
    mode: isDev ? 'development' : 'production',
    target: ['web', 'es2020'],
    entry: { main: './src/main.tsx' },
    devtool: isDev ? 'cheap-module-source-map' : 'source-map',
    output: {
      // CONSOLE_OUT_DIR builds elsewhere (a copy to test against); the API serves CONSOLE_DIST.
      path: process.env.CONSOLE_OUT_DIR ?? fileURLToPath(new URL('./dist/', import.meta.url)),
      publicPath: '/console/',
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
            env: { targets },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
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
      isDev ? new ReactRefreshRspackPlugin() : null,
      // Brotli and gzip beside every text asset, served by the API as they are (ADR 0098).
      isDev ? null : new PrecompressPlugin(),
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
          antd: {
            test: /[\\/]node_modules[\\/](?:antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/,
            name: 'antd',
            priority: 10,
          },
        },
      },
    },
    performance: { hints: false },
    devServer: {
      port: 5174,
      host: 'localhost',
      hot: true,
      historyApiFallback: { index: '/console/index.html' },
      devMiddleware: { publicPath: '/console/' },
      proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: true }],
    },
  };
});
