// Catches up with the change feed: every reading created, updated or deleted (and every meter bound
// or unbound) of the patients who granted this client readings.read, since the last run.
//
//   GLUCOGUARD_URL=http://localhost:3000 CLIENT_ID=gg_client_… CLIENT_SECRET=gg_secret_… \
//     TOKENS_FILE=./tokens.json CURSOR_FILE=./cursor.txt node examples/change-feed.mjs
//
// The cursor is stored after each page is handled, so a run that stops half-way (a crash, a
// deploy) resumes where it stopped: nothing is missed, nothing is handled twice. Run it as often
// as you like (a timer, or when a webhook arrives); a run with nothing new prints 0 changes.
//
// The feed keeps 30 days. When changes after the stored cursor were deleted (the feed was not read
// for that long) it answers 410 同步游标已过期，请从头同步: the run then removes CURSOR_FILE, says
// so and exits 4; the next run starts again from the oldest change kept. Backfill the gap with
// GET /open/v1/readings (examples/read-readings.mjs).
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createOpenClient, isOpenApiError } from '@glucoguard/sdk/open';
import { required, tokenFile } from './token-file.mjs';

const cursorFile = required('CURSOR_FILE');
/** @type {string | undefined} */
const cursor = await readFile(cursorFile, 'utf8').then(
  (text) => text.trim() || undefined,
  (error) => {
    if (error.code === 'ENOENT') {
      return undefined; // the first run starts at the beginning of the feed
    }
    throw error;
  },
);

const api = createOpenClient({
  baseUrl: `${process.env.GLUCOGUARD_URL ?? 'http://localhost:3000'}/api`,
  clientId: required('CLIENT_ID'),
  clientSecret: required('CLIENT_SECRET'),
  tokens: tokenFile(required('TOKENS_FILE')),
});

let handled = 0;
try {
  for await (const page of api.pages('/open/v1/changes', {
    params: { query: { limit: 100, ...(cursor && { cursor }) } },
  })) {
    for (const change of page.items) {
      // Handle each change idempotently in your store: upsert created/updated, delete on a tombstone.
      const what = change.op === 'deleted' ? '(tombstone)' : JSON.stringify(change.reading ?? change.device);
      console.log(
        `${change.occurredAt}  ${change.op} ${change.resourceType} ${change.resourceId}  patient ${change.patientId}  ${what}`,
      );
      handled += 1;
    }
    if (page.nextCursor !== null) {
      await writeFile(`${cursorFile}.tmp`, `${page.nextCursor}\n`);
      await rename(`${cursorFile}.tmp`, cursorFile);
    }
  }
} catch (error) {
  if (isOpenApiError(error, 410)) {
    // Changes after the stored cursor are gone: start again, and backfill readings for the gap.
    await rm(cursorFile, { force: true });
    console.error(`cursor expired: ${error.errMsg}; ${cursorFile} removed, the next run starts again`);
    process.exit(4);
  }
  throw error;
}
console.log(`${handled} changes`);
