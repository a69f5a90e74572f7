// Brotli and gzip copies of the web app's text assets, written beside each file at build time
// (`main.abc123.js` → `main.abc123.js.br`, `main.abc123.js.gz`), so the API sends them with
// Content-Encoding without compressing per request (docs/adr/0098-precompressed-web-assets.md).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Compiler, RspackPluginInstance } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text assets worth compressing; images and fonts are compressed already. Maps are fetched by DevTools only. */
export const PRECOMPRESSED = /\.(?:js|css|html|svg|json|txt)$/;

/** Smaller files gain nothing from compression once headers are counted. */
const MIN_BYTES = 256;

/** The build step itself: after every other asset step, one `.br` and one `.gz` for each matching asset. */
export class PrecompressPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        async () => {
          const work = compilation.getAssets().map(async ({ name, source }) => {
            if (!PRECOMPRESSED.test(name)) {
              return;
            }
            const raw = source.buffer();
            if (raw.length < MIN_BYTES) {
              return;
            }
            const [br, gz] = await Promise.all([
              brotli(raw, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                  [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
                },
              }),
              gzipAsync(raw, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            // The copies are derived files: not minimised again and not counted as the entry's own size.
            const info = { minimized: true, development: true };
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br), info);
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), info);
          });
          await Promise.all(work);
        },
      );
    });
  }
}
