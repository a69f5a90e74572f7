import { ConfigError } from '../../config';
import { AliyunSmsSender } from './aliyun';
import { LocalSmsOutbox } from './local-outbox';
import type { SmsSender } from './sms';

const ALIYUN_REQUIRED = [
  'ALIYUN_SMS_ACCESS_KEY_ID',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'ALIYUN_SMS_SIGN_NAME',
  'ALIYUN_SMS_TEMPLATE_CODE',
] as const;

/**
 * Picks the SMS provider from the environment: the in-memory outbox unless SMS_PROVIDER=aliyun.
 * Misconfiguration throws a ConfigError naming every problem at once, so start-up fails loudly
 * instead of the first sign-up failing quietly.
 */
export function smsSenderFromEnv(env: NodeJS.ProcessEnv = process.env): LocalSmsOutbox | AliyunSmsSender {
  const provider = env.SMS_PROVIDER || 'local';
  if (provider === 'local') {
    return new LocalSmsOutbox();
  }
  if (provider !== 'aliyun') {
    throw new ConfigError([`SMS_PROVIDER must be local or aliyun, got "${provider}".`]);
  }

  const problems: string[] = [];
  // Whitespace-only counts as missing: a stray blank in an env file must not reach the provider.
  const missing = ALIYUN_REQUIRED.filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    problems.push(`SMS_PROVIDER=aliyun needs ${missing.join(', ')} (missing or empty).`);
  }
  const endpoint = env.ALIYUN_SMS_ENDPOINT || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+/.test(endpoint)) {
    problems.push(`ALIYUN_SMS_ENDPOINT must be an http(s) URL, got "${endpoint}".`);
  }
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }

  return new AliyunSmsSender({
    accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID!.trim(),
    accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET!.trim(),
    signName: env.ALIYUN_SMS_SIGN_NAME!.trim(),
    templateCode: env.ALIYUN_SMS_TEMPLATE_CODE!.trim(),
    // Optional: without it a switched-off webhook subscription's notice is recorded as not sent.
    noticeTemplateCode: env.ALIYUN_SMS_NOTICE_TEMPLATE_CODE?.trim() || null,
    ...(endpoint === undefined ? {} : { endpoint }),
  });
}

/** Narrows a sender to the local outbox, for the development endpoint that reads it back. */
export function isLocalOutbox(sender: SmsSender): sender is LocalSmsOutbox {
  return sender instanceof LocalSmsOutbox;
}
