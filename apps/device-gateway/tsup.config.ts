import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/server.ts', 'src/worker.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node22',
  clean: true,
  sourcemap: true,
  noExternal: [/^@glucoguard\//],
  esbuildOptions(options) {
    options.conditions = ['@glucoguard/source'];
  },
});
