import { describe, expect, it } from 'vitest';
import { LocalSmsOutbox } from '../../../src/providers/sms/local-outbox';
import { SmsError } from '../../../src/providers/sms/sms';

const PHONE = '13800138000';

describe('LocalSmsOutbox', () => {
  it('keeps the SMS the user would read, with the code and when it was sent', async () => {
    const sentAt = new Date('2025-03-01T08:00:00Z');
    const outbox = new LocalSmsOutbox({ now: () => sentAt });
    await outbox.sendCode(PHONE, '123456');
    expect(outbox.name).toBe('local');
    expect(outbox.list(PHONE)).toEqual([
      { phone: PHONE, code: '123456', text: '【糖护】您的验证码为123456，5分钟内有效，请勿泄露给他人。', sentAt },
    ]);
  });

  it('lists one phone’s messages newest first and nobody else’s', async () => {
    const outbox = new LocalSmsOutbox();
    await outbox.sendCode(PHONE, '111111');
    await outbox.sendCode('13900139000', '999999');
    await outbox.sendCode(PHONE, '222222');
    expect(outbox.list(PHONE).map((m) => m.code)).toEqual(['222222', '111111']);
    expect(outbox.list('13700137000')).toEqual([]);
  });

  it('keeps only the newest messages per phone', async () => {
    const outbox = new LocalSmsOutbox({ perPhone: 3 });
    for (const code of ['100001', '100002', '100003', '100004', '100005']) {
      await outbox.sendCode(PHONE, code);
    }
    await outbox.sendCode('13900139000', '200001');
    expect(outbox.list(PHONE).map((m) => m.code)).toEqual(['100005', '100004', '100003']);
    expect(outbox.list('13900139000')).toHaveLength(1);
  });

  it('keeps 50 per phone by default', async () => {
    const outbox = new LocalSmsOutbox();
    for (let i = 0; i < 60; i++) {
      await outbox.sendCode(PHONE, String(100000 + i));
    }
    const codes = outbox.list(PHONE).map((m) => m.code);
    expect(codes).toHaveLength(50);
    expect(codes[0]).toBe('100059');
  });

  it('bounds the whole outbox, dropping the oldest message of any phone', async () => {
    const outbox = new LocalSmsOutbox({ total: 3 });
    await outbox.sendCode('13900000001', '111111');
    await outbox.sendCode('13900000002', '222222');
    await outbox.sendCode('13900000003', '333333');
    await outbox.sendCode('13900000004', '444444');
    expect(outbox.list('13900000001')).toEqual([]);
    expect(outbox.list('13900000004').map((m) => m.code)).toEqual(['444444']);
  });

  it('hands out copies, so a reader cannot alter what was sent', async () => {
    const outbox = new LocalSmsOutbox();
    await outbox.sendCode(PHONE, '123456');
    const [first] = outbox.list(PHONE);
    first!.code = '000000';
    expect(outbox.list(PHONE)[0]?.code).toBe('123456');
  });

  it('states the configured brand and validity in the text', async () => {
    const outbox = new LocalSmsOutbox({ signName: '糖护健康', validMinutes: 10 });
    await outbox.sendCode(PHONE, '654321');
    expect(outbox.list(PHONE)[0]?.text).toBe('【糖护健康】您的验证码为654321，10分钟内有效，请勿泄露给他人。');
  });

  it('refuses a phone list or a non-numeric code like the real provider client does', async () => {
    const outbox = new LocalSmsOutbox();
    await expect(outbox.sendCode(`${PHONE},13900139000`, '123456')).rejects.toBeInstanceOf(SmsError);
    await expect(outbox.sendCode(PHONE, 'abcdef')).rejects.toMatchObject({
      providerCode: 'INVALID_ARGUMENT',
      retryable: false,
    });
    expect(outbox.list(PHONE)).toEqual([]);
  });

  it('keeps a notice apart from the codes, as the notice template reads, and refuses one that could not be sent', async () => {
    const sentAt = new Date('2026-11-27T03:00:00Z');
    const outbox = new LocalSmsOutbox({ now: () => sentAt });
    await outbox.sendNotice(PHONE, { app: '慢病随访系统', reason: '连续20次推送失败' });
    expect(outbox.list(PHONE)).toEqual([]);
    expect(outbox.notices(PHONE)).toEqual([
      {
        phone: PHONE,
        notice: { app: '慢病随访系统', reason: '连续20次推送失败' },
        text: '【糖护】您的应用「慢病随访系统」的推送订阅因连续20次推送失败已暂停推送，请修复接收服务后在推送订阅中重新启用，并通过变更订阅接口补取期间的数据。',
        sentAt,
      },
    ]);
    await expect(outbox.sendNotice(`${PHONE},13900139000`, { app: 'A', reason: 'B' })).rejects.toMatchObject({
      providerCode: 'INVALID_ARGUMENT',
    });
    await expect(outbox.sendNotice(PHONE, { app: 'www.example.com', reason: 'B' })).rejects.toMatchObject({
      providerCode: 'INVALID_ARGUMENT',
    });
    expect(outbox.notices(PHONE)).toHaveLength(1);
  });
});
