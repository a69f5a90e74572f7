import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  clean: true,
  sourcemap: true,
  // Workspace packages are compiled in from source; npm dependencies stay external.
  noExternal: [/^@glucoguard\//],
  esbuildOptions(options) {
    options.conditions = ['@glucoguard/source'];
  },
});
