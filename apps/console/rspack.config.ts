// Build and dev-server configuration of the staff console (rspack 2; what it shares with the web app
// is in apps/web/build/appConfig.ts).
//   npm run build -w @glucoguard/console  → apps/console/dist (served by the API at /console)
//   npm run dev -w @glucoguard/console    → http://localhost:5174/console/ with hot reload, /api proxied to :3000
import { defineConfig } from '@rspack/cli';
import { appConfig } from '../web/build/appConfig';

export default defineConfig((_env, argv) =>
  appConfig(
    {
      app: new URL('.', import.meta.url),
      publicPath: '/console/',
      // CONSOLE_OUT_DIR builds elsewhere (a copy to test against); the API serves CONSOLE_DIST.
      outDir: process.env.CONSOLE_OUT_DIR,
      /** Desktop browsers of the staff: evergreen Chrome, Edge, Firefox and Safari. */
      targets: ['chrome >= 100', 'edge >= 100', 'firefox >= 100', 'safari >= 15'],
      cacheGroups: {
        antd: {
          test: /[\\/]node_modules[\\/](?:antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/,
          name: 'antd',
          priority: 10,
        },
      },
      devServer: {
        port: 5174,
        historyApiFallback: { index: '/console/index.html' },
        devMiddleware: { publicPath: '/console/' },
      },
    },
    argv.mode === 'development',
  ),
);
