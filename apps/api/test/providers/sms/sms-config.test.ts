import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../src/config';
import { AliyunSmsSender } from '../../../src/providers/sms/aliyun';
import { isLocalOutbox, smsSenderFromEnv } from '../../../src/providers/sms/config';
import { LocalSmsOutbox } from '../../../src/providers/sms/local-outbox';
import { AliyunSmsFake } from '../../fakes/aliyun-sms-fake';

const ALIYUN_ENV = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-id',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '糖护',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    smsSenderFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('smsSenderFromEnv', () => {
  it('uses the local outbox when SMS_PROVIDER is unset, empty or local', () => {
    for (const env of [{}, { SMS_PROVIDER: '' }, { SMS_PROVIDER: 'local' }]) {
      const sender = smsSenderFromEnv(env);
      expect(sender).toBeInstanceOf(LocalSmsOutbox);
      expect(isLocalOutbox(sender)).toBe(true);
    }
  });

  it('uses Alibaba Cloud when SMS_PROVIDER=aliyun and its settings are complete', () => {
    const sender = smsSenderFromEnv(ALIYUN_ENV);
    expect(sender).toBeInstanceOf(AliyunSmsSender);
    expect(sender.name).toBe('aliyun');
    expect(isLocalOutbox(sender)).toBe(false);
  });

  it('names every missing Alibaba Cloud variable in one error', () => {
    const error = configError({ SMS_PROVIDER: 'aliyun' });
    expect(error.message).toContain(
      'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_ID, ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_CODE',
    );
  });

  it('names only the variables that are missing, counting blank ones as missing', () => {
    const error = configError({
      ...ALIYUN_ENV,
      ALIYUN_SMS_ACCESS_KEY_SECRET: '  ',
      ALIYUN_SMS_TEMPLATE_CODE: undefined,
    });
    expect(error.problems).toEqual([
      'SMS_PROVIDER=aliyun needs ALIYUN_SMS_ACCESS_KEY_SECRET, ALIYUN_SMS_TEMPLATE_CODE (missing or empty).',
    ]);
  });

  it('refuses an unknown provider', () => {
    expect(configError({ SMS_PROVIDER: 'twilio' }).message).toContain(
      'SMS_PROVIDER must be local or aliyun, got "twilio"',
    );
  });

  it('refuses an endpoint that is not an http(s) URL, alongside missing variables', () => {
    const error = configError({ SMS_PROVIDER: 'aliyun', ALIYUN_SMS_ENDPOINT: 'dysmsapi.aliyuncs.com' });
    expect(error.problems).toHaveLength(2);
    expect(error.problems[1]).toBe('ALIYUN_SMS_ENDPOINT must be an http(s) URL, got "dysmsapi.aliyuncs.com".');
  });

  it('sends through ALIYUN_SMS_ENDPOINT with the configured credentials', async () => {
    const fake = await AliyunSmsFake.start({
      templateCode: 'SMS_1',
      accessKeyId: 'LTAI-id',
      accessKeySecret: 'secret',
    });
    try {
      await smsSenderFromEnv({ ...ALIYUN_ENV, ALIYUN_SMS_ENDPOINT: fake.url }).sendCode('13800138000', '123456');
      expect(fake.messages.map((m) => m.templateParam)).toEqual([{ code: '123456' }]);
    } finally {
      await fake.close();
    }
  });

  it('sends notices with ALIYUN_SMS_NOTICE_TEMPLATE_CODE, and refuses them without it', async () => {
    const fake = await AliyunSmsFake.start({
      templateCode: 'SMS_1',
      moreTemplates: { SMS_2: ['app', 'reason'] },
      accessKeyId: 'LTAI-id',
      accessKeySecret: 'secret',
    });
    const notice = { app: '慢病随访系统', reason: '连续20次推送失败' };
    try {
      const env = { ...ALIYUN_ENV, ALIYUN_SMS_ENDPOINT: fake.url };
      await smsSenderFromEnv({ ...env, ALIYUN_SMS_NOTICE_TEMPLATE_CODE: ' SMS_2 ' }).sendNotice('13800138000', notice);
      expect(fake.messages.map((m) => [m.templateCode, m.templateParam])).toEqual([['SMS_2', notice]]);
      await expect(smsSenderFromEnv(env).sendNotice('13800138000', notice)).rejects.toMatchObject({
        providerCode: 'NOT_CONFIGURED',
      });
      expect(fake.messages).toHaveLength(1);
    } finally {
      await fake.close();
    }
  });
});
