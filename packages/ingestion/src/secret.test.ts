import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scryptSync } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { hashDeviceSecret, isMosquittoHash, verifyDeviceSecret } from './secret';
import { DerivationBusyError, MAX_QUEUED } from './secret-worker';

describe('device secret hashes', () => {
  it('writes Mosquitto $7$ PBKDF2-SHA512 hashes with 100,000 rounds and verifies them', async () => {
    const hash = await hashDeviceSecret('s3cret');
    expect(hash).toMatch(/^\$7\$100000\$[A-Za-z0-9+/]{16}\$[A-Za-z0-9+/]{86}==$/);
    expect(isMosquittoHash(hash)).toBe(true);
    expect(await verifyDeviceSecret('s3cret', hash)).toBe(true);
    expect(await verifyDeviceSecret('s3cret ', hash)).toBe(false);
    expect(await verifyDeviceSecret('s3cret', null)).toBe(false);
  });

  it('still verifies the scrypt hashes written before', async () => {
    const salt = Buffer.alloc(16, 7);
    const stored = [
      'scrypt',
      1024,
      8,
      1,
      salt.toString('base64url'),
      scryptSync('old', salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64url'),
    ].join('$');
    expect(isMosquittoHash(stored)).toBe(false);
    expect(await verifyDeviceSecret('old', stored)).toBe(true);
    expect(await verifyDeviceSecret('new', stored)).toBe(false);
  });

  it('says no to unreadable hashes instead of throwing', async () => {
    for (const stored of [
      '',
      'plain',
      '$7$abc$AAAA$AAAA',
      '$7$999999999$AAAA$AAAA',
      'scrypt$x$8$1$AA$AA',
      '$6$rounds$salt$hash',
    ]) {
      expect(await verifyDeviceSecret('x', stored)).toBe(false);
    }
  });

  it.skipIf(!existsSync('/usr/bin/mosquitto_passwd'))(
    'reads hashes made by mosquitto_passwd (the same format both ways)',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'gg-passwd-'));
      try {
        execFileSync('/usr/bin/mosquitto_passwd', ['-c', '-b', join(dir, 'p'), 'meter', 'from-mosquitto']);
        const stored = readFileSync(join(dir, 'p'), 'utf8').trim().split(':')[1]!;
        expect(isMosquittoHash(stored)).toBe(true);
        expect(await verifyDeviceSecret('from-mosquitto', stored)).toBe(true);
        expect(await verifyDeviceSecret('other', stored)).toBe(false);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('checks secrets on a thread of its own: file reads are not queued behind them', { timeout: 60_000 }, async () => {
    const hash = await hashDeviceSecret('s3cret');
    let done = 0;
    const checks = Array.from({ length: 20 }, () => verifyDeviceSecret('wrong', hash).then(() => (done += 1)));
    // On libuv's four-thread pool this read waited until at least 16 of the 20 PBKDF2s were done (about 110 ms each here).
    await readFile(new URL(import.meta.url));
    expect(done).toBeLessThan(10);
    await Promise.all(checks);
    expect(done).toBe(20);
  });

  it(`refuses a check at once while ${MAX_QUEUED} are waiting, and takes checks again when they are done`, async () => {
    const hash = await hashDeviceSecret('s3cret', 1000);
    const results = await Promise.allSettled(
      Array.from({ length: MAX_QUEUED + 8 }, () => verifyDeviceSecret('s3cret', hash)),
    );
    expect(results.filter((r) => r.status === 'fulfilled' && r.value).length).toBe(MAX_QUEUED);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(8);
    expect(refused.every((r) => r.reason instanceof DerivationBusyError)).toBe(true);
    expect(await verifyDeviceSecret('s3cret', hash)).toBe(true);
  });
});
