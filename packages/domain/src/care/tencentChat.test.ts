import { describe, expect, it } from 'vitest';
import { decodeTencentChatData, encodeTencentChatData, TENCENT_USER_ID_MAX, tencentChatUserId } from './tencentChat';

const uuid = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

describe('tencentChatUserId', () => {
  it('keeps the prefix and writes the UUID in 22 base64url characters, within Tencent’s 32 bytes', () => {
    const id = tencentChatUserId(`c_${uuid}`);
    // node -e "Buffer.from('0f1e…e1f0', 'hex').toString('base64url')"
    expect(id).toBe('c_Dx4tPEtaaXiHlqW0w9Lh8A');
    expect(id).toMatch(/^c_[A-Za-z0-9_-]{22}$/);
    expect(id.length).toBeLessThanOrEqual(TENCENT_USER_ID_MAX);
    expect(tencentChatUserId(`s_${uuid}`)).toBe(`s${id.slice(1)}`);
  });

  it('gives different accounts to different identities (every bit of the UUID counts)', () => {
    const ids = new Set(['0', '1', '2', 'f'].map((last) => tencentChatUserId(`c_${uuid.slice(0, -1)}${last}`)));
    expect(ids.size).toBe(4);
    expect(tencentChatUserId('c_ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe(`c_${'_'.repeat(21)}w`);
    expect(tencentChatUserId('c_00000000-0000-0000-0000-000000000000')).toBe(`c_${'A'.repeat(22)}`);
  });

  it('refuses what is not a chat identity', () => {
    for (const bad of ['', 'admin', `x_${uuid}`, `c_${uuid.toUpperCase()}`, `c_${uuid}0`]) {
      expect(() => tencentChatUserId(bad)).toThrow('not a chat identity');
    }
  });
});

describe('the custom message that carries one of our messages', () => {
  it('round-trips, and anything else is not ours', () => {
    const message = { id: 'm1', sessionId: 's1', from: `c_${uuid}`, clientId: 'abcdefgh', time: 1, payload: {} };
    expect(decodeTencentChatData(encodeTencentChatData(message))).toEqual(message);
    for (const other of [
      undefined,
      42,
      '',
      'not json',
      '{"kind":"other","message":{}}',
      '{"kind":"glucoguard.chat/1"}',
      'null',
    ]) {
      expect(decodeTencentChatData(other)).toBeNull();
    }
  });
});
