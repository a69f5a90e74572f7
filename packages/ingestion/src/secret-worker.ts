// Device-secret key derivation on a thread of its own.
//
// PBKDF2 with 100,000 rounds costs tens of milliseconds. Through node:crypto's asynchronous
// `pbkdf2` it ran on libuv's thread pool (four threads), the same pool that reads the web app's
// files and does every other fs call: 300 bogus MQTT connects queued 300 derivations there and
// `GET /` waited 18–26 s. Here every derivation runs, one after the other, on a single worker
// thread, and no more than MAX_QUEUED wait for it; beyond that the check is refused at once
// (DerivationBusyError) and the meter is told to retry later (CONNACK 3).
import { Worker } from 'node:worker_threads';

/** What the worker computes: PBKDF2-SHA512 or scrypt, with the stored hash's own parameters. */
export type Derivation =
  | { scheme: 'pbkdf2'; secret: string; salt: Buffer; iterations: number; keyLength: number }
  | { scheme: 'scrypt'; secret: string; salt: Buffer; N: number; r: number; p: number; keyLength: number };

/** Derivations waiting for the worker, the one under way included; more are refused at once. */
export const MAX_QUEUED = 32;

/** The worker thread is busy with MAX_QUEUED derivations already: try again later. */
export class DerivationBusyError extends Error {
  override name = 'DerivationBusyError';
}

// Plain CommonJS, evaluated by the worker: the same text works from the TypeScript sources
// (tests, tsx) and from the compiled dist, with no second entry point to build.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { pbkdf2Sync, scryptSync } = require('node:crypto');
parentPort.on('message', (job) => {
  try {
    const key = job.scheme === 'pbkdf2'
      ? pbkdf2Sync(job.secret, Buffer.from(job.salt), job.iterations, job.keyLength, 'sha512')
      : scryptSync(job.secret, Buffer.from(job.salt), job.keyLength, { N: job.N, r: job.r, p: job.p, maxmem: 64 * 1024 * 1024 });
    parentPort.postMessage({ id: job.id, key });
  } catch (error) {
    parentPort.postMessage({ id: job.id, error: String(error && error.message || error) });
  }
});
`;

interface Pending {
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 0;

function failAll(error: Error) {
  for (const job of pending.values()) {
    job.reject(error);
  }
  pending.clear();
}

function theWorker(): Worker {
  if (worker) {
    return worker;
  }
  const created = new Worker(WORKER_SOURCE, { eval: true, name: 'device-secret' });
  created.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) {
      // An idle worker does not keep the process alive (scripts and tests end normally).
      created.unref();
    }
    if (message.key) {
      job?.resolve(Buffer.from(message.key));
    } else {
      job?.reject(new Error(message.error ?? 'key derivation failed'));
    }
  });
  const lost = (error: Error) => {
    if (worker === created) {
      worker = null;
    }
    failAll(error);
  };
  created.on('error', lost);
  created.on('exit', (code) => lost(new Error(`the device-secret worker exited (${code})`)));
  worker = created;
  return created;
}

/** The derived key, computed on the device-secret worker thread; rejects with DerivationBusyError when too many wait. */
export function deriveOnWorker(job: Derivation): Promise<Buffer> {
  if (pending.size >= MAX_QUEUED) {
    return Promise.reject(new DerivationBusyError(`${MAX_QUEUED} device-secret checks are already waiting`));
  }
  const thread = theWorker();
  nextId += 1;
  const id = nextId;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ ...job, id, salt: new Uint8Array(job.salt) });
  });
}
