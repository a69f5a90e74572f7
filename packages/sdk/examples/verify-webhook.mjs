// Receives GlucoGuard's webhooks: checks each delivery's signature (Standard Webhooks), skips a
// delivery already handled (same webhook-id: a retry or a replay) and answers 2xx at once.
//
//   WEBHOOK_SECRET=whsec_… PORT=4100 node examples/verify-webhook.mjs
//
// WEBHOOK_SECRET is the secret answered once when the subscription was created
// (POST /open/v1/webhooks). The subscription's URL is this server's /webhooks, over https in
// production (plain http is accepted for a loopback address only, for development).
import { createServer } from 'node:http';
import { verifyWebhook, WebhookVerificationError } from '@glucoguard/sdk/open';
import { required } from './token-file.mjs';

const secret = required('WEBHOOK_SECRET');
/** webhook-ids already handled; keep them (say) three days in a real store, past the retries' 27 hours. */
const seen = new Set();

/** @param {import('@glucoguard/sdk/open').WebhookEvent} event */
function describe(event) {
  switch (event.type) {
    case 'reading.created':
    case 'reading.updated':
      return `${event.data.reading.kind} ${event.data.reading.id} of patient ${event.data.patientId} at ${event.data.reading.measuredAt}`;
    case 'reading.deleted':
      return `${event.data.kind} ${event.data.id} of patient ${event.data.patientId}`;
    case 'consent.revoked':
      return `patient ${event.data.patientId} revoked grant ${event.data.grantId}: forget their tokens`;
    case 'device.bound':
      return `meter ${event.data.imei} bound by patient ${event.data.patientId}`;
    default:
      return 'an event this example does not know';
  }
}

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/webhooks') {
    res.writeHead(404).end();
    return;
  }
  /** @type {Buffer[]} */
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    // Verify the bytes as they came: parsing and re-serialising the JSON would change them.
    const body = Buffer.concat(chunks);
    try {
      const event = await verifyWebhook(secret, req.headers, body);
      const id = String(req.headers['webhook-id']);
      if (seen.has(id)) {
        console.log(`duplicate ${id} (already handled)`);
      } else {
        seen.add(id);
        console.log(`${event.type} ${id}: ${describe(event)}`);
      }
      res.writeHead(204).end();
    } catch (error) {
      if (error instanceof WebhookVerificationError) {
        console.log(`refused a delivery: ${error.reason}`);
        res.writeHead(400).end();
        return;
      }
      console.error(error);
      res.writeHead(500).end();
    }
  });
});

server.listen(Number(process.env.PORT ?? 4100), process.env.HOST ?? '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  console.log(`listening on http://${process.env.HOST ?? '127.0.0.1'}:${port}/webhooks`);
});
