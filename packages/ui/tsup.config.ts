import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'chat/index': 'src/chat/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  external: ['react', 'react-dom', 'react-dom/client', 'antd-mobile', '@glucoguard/domain', '@glucoguard/sdk'],
  target: 'es2022',
  // The design tokens ship as they are (@glucoguard/ui/tokens.css); the components' CSS modules
  // become dist/index.css (@glucoguard/ui/styles.css).
  onSuccess: 'cp src/tokens.css dist/tokens.css',
});
