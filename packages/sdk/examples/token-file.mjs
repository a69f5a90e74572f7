// A TokenStore kept in a JSON file, for the examples: the open client calls `set` with every rotated
// token pair, and the file always holds the one refresh token that still works. A real integrator
// keeps it in its database, one row per patient grant, encrypted at rest.
import { readFile, rename, writeFile } from 'node:fs/promises';

/**
 * @param {string} path a file holding the token set `exchangeCode` answered (JSON)
 * @returns {import('@glucoguard/sdk/open').TokenStore}
 */
export function tokenFile(path) {
  return {
    async get() {
      return JSON.parse(await readFile(path, 'utf8'));
    },
    async set(tokens) {
      // Write then rename, so a crash never leaves half a file (and the grant's refresh token lost).
      await writeFile(`${path}.tmp`, `${JSON.stringify(tokens, null, 2)}\n`, { mode: 0o600 });
      await rename(`${path}.tmp`, path);
    },
  };
}

/** The value of an environment variable the example needs, or a hint and exit. @param {string} name */
export function required(name) {
  const value = process.env[name];
  if (value === undefined || value === '') {
    console.error(`Set ${name} (see packages/sdk/README.md, "Examples").`);
    process.exit(2);
  }
  return value;
}
