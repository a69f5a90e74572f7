// The list of scripts the first screen (the home route) needs, written at build time as
// `first-route.json` beside index.html: the entry's chunks (those index.html loads) and the chunks
// of the home route's lazy chunk groups. The JavaScript byte budget (`apps/web/.size-limit.mjs`,
// `npm run check:budget -w @glucoguard/web`) measures exactly these files, so it follows the
// bundler's own chunk graph instead of a list of hashed names (docs/adr/0101-javascript-byte-budget.md).
import type { Compiler, RspackPluginInstance } from '@rspack/core';

export const FIRST_ROUTE_MANIFEST = 'first-route.json';

/** The home route: the entry, the main page and its home tab (`routes.tsx`, `pages/main/MainPage.tsx`). */
const FIRST_ROUTE = { entry: 'main', chunkGroups: ['page-main', 'tab-home'] };

export class FirstRouteManifestPlugin implements RspackPluginInstance {
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FirstRouteManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstRouteManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        () => {
          const groups = [
            compilation.entrypoints.get(FIRST_ROUTE.entry),
            ...FIRST_ROUTE.chunkGroups.map((name) => compilation.namedChunkGroups.get(name)),
          ];
          const missing = [FIRST_ROUTE.entry, ...FIRST_ROUTE.chunkGroups].filter((_, i) => groups[i] === undefined);
          if (missing.length > 0) {
            // A renamed chunk must not shrink the budget's file list silently.
            compilation.errors.push(
              new compiler.webpack.WebpackError(`FirstRouteManifestPlugin: no chunk group ${missing.join(', ')}`),
            );
            return;
          }
          const files = new Set<string>();
          for (const group of groups) {
            for (const file of group?.getFiles() ?? []) {
              if (file.endsWith('.js')) {
                files.add(file);
              }
            }
          }
          const manifest = { ...FIRST_ROUTE, scripts: [...files].sort() };
          compilation.emitAsset(FIRST_ROUTE_MANIFEST, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`), {
            development: true,
          });
        },
      );
    });
  }
}
