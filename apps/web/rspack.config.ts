// Build and dev-server configuration of the web app (rspack 2; what it shares with the console is in
// build/appConfig.ts).
//   npm run build -w @glucoguard/web  → apps/web/dist (served by the API at / in production)
//   npm run dev -w @glucoguard/web    → http://localhost:5173 with hot reload, /api proxied to :3000
import { defineConfig } from '@rspack/cli';
import { appConfig } from './build/appConfig';
import { FirstRouteManifestPlugin } from './build/firstRoute';

export default defineConfig((_env, argv) =>
  appConfig(
    {
      app: new URL('.', import.meta.url),
      publicPath: '/',
      // WEB_OUT_DIR builds elsewhere (e.g. a second copy to test against); the API serves WEB_DIST.
      outDir: process.env.WEB_OUT_DIR,
      /** Browsers of the messaging apps the product is opened in. */
      targets: ['chrome >= 87', 'ios_saf >= 14', 'safari >= 14', 'android >= 87'],
      rules: [
        // antd-mobile's index imports its global styles and re-exports every component, so the
        // package marks it as having side effects and every component any page used was bundled
        // behind it into the first screen's chunk. Treated as free of side effects, each import
        // goes straight to its component, which lands in the chunks that use it; main.tsx imports
        // the global styles itself (ADR 0099).
        { test: /[\\/]node_modules[\\/]antd-mobile[\\/]es[\\/]index\.js$/, sideEffects: false },
      ],
      // first-route.json: the home route's scripts, which the JavaScript byte budget measures (ADR 0101).
      plugins: [new FirstRouteManifestPlugin()],
      cacheGroups: {
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
      // antd-mobile's component stylesheets style only their own adm-* classes, so their order among
      // themselves does not matter when pages share different sets of them.
      ignoreWarnings: [/Conflicting order between \S*antd-mobile\S* and \S*antd-mobile\S*/],
      devServer: { port: 5173, historyApiFallback: true },
    },
    argv.mode === 'development',
  ),
);
