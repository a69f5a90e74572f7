// Build and dev-server configuration of the web app (rspack 2).
//   npm run build -w @glucoguard/web  → apps/web/dist (served by the API at / in production)
//   npm run dev -w @glucoguard/web    → http://localhost:5173 with hot reload, /api proxied to :3000
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@rspack/cli';
import { rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { FirstRouteManifestPlugin } from './build/firstRoute';
import { PrecompressPlugin } from './build/precompress';

const here = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';
/** Browsers of the messaging apps the product is opened in. */
const targets = ['chrome >= 87', 'ios_saf >= 14', 'safari >= 14', 'android >= 87'];

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
      // WEB_OUT_DIR builds elsewhere (e.g. a second copy to test against); the API serves WEB_DIST.
      path: process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('./dist/', import.meta.url)),
      publicPath: '/',
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
      // (the design tokens' --gg-*, antd-mobile's --adm-* and component variables) stay global.
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
        // antd-mobile's index imports its global styles and re-exports every component, so the
        // package marks it as having side effects and every component any page used was bundled
        // behind it into the first screen's chunk. Treated as free of side effects, each import
        // goes straight to its component, which lands in the chunks that use it; main.tsx imports
        // the global styles itself (ADR 0099).
        { test: /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/, sideEffects: false },
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
      // first-route.json: the home route's scripts, which the JavaScript byte budget measures (ADR 0101).
      isDev ? null : new FirstRouteManifestPlugin(),
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
          // The design tokens' JavaScript mirror is small and used by many page chunks (charts, SVG):
          // one shared chunk instead of a copy in each.
          tokens: {
            test: /[\\/]packages[\\/]ui[\\/]src[\\/]tokens\.ts$/,
            name: 'tokens',
            chunks: 'all',
            enforce: true,
            priority: 30,
          },
        },
      },
    },
    // antd-mobile's component stylesheets style only their own adm-* classes, so their order among
    // themselves does not matter when pages share different sets of them.
    ignoreWarnings: [/Conflicting order between \S*antd-mobile\S* and \S*antd-mobile\S*/],
    performance: { hints: false },
    devServer: {
      port: 5173,
      host: 'localhost',
      hot: true,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: apiTarget, changeOrigin: true }],
    },
  };
});
