import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entries: the app's client (size-limited for the browser) and the integrators' open entry.
  entry: { index: 'src/index.ts', open: 'src/open/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
});
