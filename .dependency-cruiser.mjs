/**
 * The dependency rules `npm run lint` enforces (docs/adr/0015). Each rule's name is what a
 * failing run prints. The API's contexts and their direction: apps/api/src/contexts/README.md.
 */
const CTX = '^apps/api/src/contexts/';

/** A context may import only the contexts below it (and their index.ts, see contexts-through-index). */
const below = {
  platform: [],
  identity: ['platform'],
  health: ['platform', 'identity'],
  social: ['platform', 'identity', 'health'],
  engagement: ['platform', 'identity', 'health', 'social'],
  devices: ['platform', 'identity', 'health'],
  care: ['platform', 'identity', 'health', 'commerce'],
  commerce: ['platform', 'identity', 'health'],
  'after-sales': ['platform', 'identity', 'health', 'devices', 'commerce'],
  open: ['platform', 'identity', 'health', 'devices'],
};

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycle between files: a change in one must not come back to itself. A cycle closed only by ' +
        'type imports is erased at compile time and cannot change load order; the folder rule below counts it.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-circular',
      severity: 'error',
      scope: 'folder',
      comment: 'No import cycle between the API modules (folders) or contexts, however many files it passes.',
      from: { path: '^apps/api/src/(contexts|modules)/' },
      to: { path: '^apps/api/src/(contexts|modules)/', circular: true },
    },
    {
      name: 'contexts-through-index',
      severity: 'error',
      comment: "Another context's modules are private: import its contexts/<name>/index.ts.",
      from: { path: `${CTX}([^/]+)/` },
      to: { path: CTX, pathNot: [`${CTX}$1/`, `${CTX}[^/]+/index\\.ts$`] },
    },
    ...Object.entries(below).map(([context, allowed]) => ({
      name: 'context-layers',
      severity: 'error',
      comment: `${context} may import only ${allowed.join(', ') || 'no other context'} (platform ← identity ← health ← social, engagement, devices, commerce ← care; devices, commerce ← after-sales; health, devices ← open; engagement → social).`,
      from: { path: `${CTX}${context}/` },
      to: { path: CTX, pathNot: `${CTX}(${[context, ...allowed].join('|')})/` },
    })),
    {
      name: 'kernel-below-contexts',
      severity: 'error',
      comment: 'lib/ and providers/ are the shared kernel under every context; they import none.',
      from: { path: '^apps/api/src/(lib|providers)/' },
      to: { path: '^apps/api/src/(contexts|modules)/' },
    },
    {
      name: 'orm-only-in-repositories',
      severity: 'error',
      comment:
        'Only repositories, entities, lib/db.ts, db/, migrations/, seed/, plugins/db.ts and *.listener.ts touch MikroORM or SQL; ' +
        'services hold the opaque Db handle of lib/db.ts.',
      from: {
        path: '^apps/api/src/',
        pathNot: [
          '\\.(repository|entity)\\.ts$',
          '^apps/api/src/lib/db\\.ts$',
          '^apps/api/src/(db|migrations|seed)/',
          '^apps/api/src/plugins/db\\.ts$',
          // A PostgreSQL LISTEN connection of its own (identity/session): database plumbing, not a query.
          '\\.listener\\.ts$',
          '\\.test\\.ts$',
        ],
      },
      to: { path: 'node_modules/(@mikro-orm/[^/]+|kysely|pg|pg-boss|@electric-sql/pglite)/' },
    },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'Packages are used by apps, never the reverse.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'gateway-not-to-api',
      severity: 'error',
      comment: 'The device gateway talks to the API over HTTP (the generated client), never through its code.',
      from: { path: '^apps/device-gateway/' },
      to: { path: '^apps/(api|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The API's unit tests sit beside the code and use fixtures of test/; they are not part of its graph.
    exclude: { path: ['(^|/)(dist|coverage|generated)/', '^apps/api/src/.+\\.test\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@glucoguard/source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
