import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  external: ['react', 'react-dom', 'react-dom/client', 'antd-mobile', '@glucoguard/domain', '@glucoguard/sdk'],
  target: 'es2022',
});
