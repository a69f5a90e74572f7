import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/worker.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  clean: true,
  sourcemap: true,
  // Workspace packages (the domain rules, ingestion, the SDK) are compiled in from source; npm
  // packages stay external.
  noExternal: [/^@glucoguard\//],
  skipNodeModulesBundle: true,
  esbuildOptions(options) {
    options.conditions = ['@glucoguard/source'];
  },
});
