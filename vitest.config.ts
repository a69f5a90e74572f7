import { defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';

// Workspace packages resolve to their TypeScript sources through this export condition,
// so tests never depend on a stale dist/ build.
const SOURCE = '@glucoguard/source';

// In CI a jsdom test that fails is run once more (ADR 0236). jsdom runs antd-mobile's animations and
// React's effects on timers and frames that a loaded CI machine holds back, and a test that lost such a
// race once in thousands would otherwise fail the whole landing. `npm test` lists every test that passed
// only on its retry at the end of its output, so none goes unseen; locally nothing is retried.
const JSDOM_RETRY = process.env.CI ? 1 : 0;

export default defineConfig({
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
  ssr: { resolve: { conditions: [SOURCE, ...defaultServerConditions], externalConditions: [SOURCE] } },
  test: {
    coverage: {
      provider: 'v8',
      include: ['packages/domain/src/**/*.ts'],
      exclude: ['**/*.test.ts', 'packages/domain/src/**/index.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: { lines: 95 },
    },
    projects: [
      {
        extends: true,
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'sdk', include: ['packages/sdk/test/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: { name: 'ingestion', include: ['packages/ingestion/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['packages/ui/src/**/*.test.tsx', 'apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['packages/ui/test/setup.ts'],
          // The first test of a file pays for loading antd-mobile and the page's chunk in jsdom;
          // on a busy 2-core machine that alone can pass the default 5 s.
          testTimeout: 20_000,
          retry: JSDOM_RETRY,
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          include: ['apps/console/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/console/test/setup.ts'],
          testTimeout: 20_000,
          retry: JSDOM_RETRY,
        },
      },
      {
        extends: true,
        test: { name: 'api-unit', include: ['apps/api/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'api-integration',
          include: ['apps/api/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'gateway',
          include: ['apps/device-gateway/{src,test}/**/*.test.ts'],
          environment: 'node',
          // On PostgreSQL when DATABASE_URL is set (each test API gets a copy of a migrated template), else PGlite.
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
