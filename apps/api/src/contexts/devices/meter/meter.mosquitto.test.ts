import { describe, expect, it } from 'vitest';
import { mosquittoFiles } from './meter.mosquitto';

const H = '$7$100000$AAAAAAAAAAAAAAAA$' + 'A'.repeat(86) + '==';

describe('mosquittoFiles', () => {
  it('writes the meters and the worker user, and the ACL patterns', () => {
    const files = mosquittoFiles(
      [
        { imei: '862000000000001', secretHash: H },
        { imei: '862000000000002', secretHash: 'scrypt$16384$8$1$AA$AA' },
      ],
      { user: 'ingest', passwordHash: H },
    );
    expect(files.passwd).toBe(`862000000000001:${H}\ningest:${H}\n`);
    expect(files.skipped).toEqual([
      { imei: '862000000000002', reason: expect.stringContaining('rotate-secret') as string },
    ]);
    expect(files.acl).toContain('pattern write meters/%u/readings\npattern read meters/%u/acks\n');
    expect(files.acl).toContain('user ingest\ntopic read meters/+/readings\ntopic write meters/+/acks\n');
  });

  it('refuses a worker user that could clash with a meter or break the file', () => {
    for (const user of ['862000000000001', 'in gest', 'a:b', '', '1abc']) {
      expect(() => mosquittoFiles([], { user, passwordHash: H })).toThrow(/worker user/);
    }
    expect(() => mosquittoFiles([], { user: 'ingest', passwordHash: 'plain' })).toThrow(/\$7\$/);
  });
});
