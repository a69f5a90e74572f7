import { ConfigError } from '../../config';
import { WechatTemplatePusher } from '../wechat/template-message';
import { LocalPushOutbox } from './local-outbox';
import type { NoticePusher } from './push';

function httpUrl(name: string, raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  if (!URL.canParse(raw) || !/^https?:$/.test(new URL(raw).protocol)) {
    problems.push(`${name} must be an http(s) URL, got "${raw}".`);
  }
  return raw;
}

/**
 * Picks how reading notices leave the app: the in-memory outbox unless NOTICE_PUSH_PROVIDER=wechat,
 * which sends the official account's template messages and needs WECHAT_APP_ID, WECHAT_APP_SECRET
 * and WECHAT_TEMPLATE_READING_ID (optional: WECHAT_TEMPLATE_READING_KEYS, five comma-separated
 * keyword names; WECHAT_API_BASE; PUBLIC_BASE_URL for the message's link). Throws ConfigError
 * naming every problem.
 */
export function noticePusherFromEnv(env: NodeJS.ProcessEnv = process.env): NoticePusher {
  const kind = env.NOTICE_PUSH_PROVIDER || 'local';
  if (kind === 'local') {
    return new LocalPushOutbox();
  }
  const problems: string[] = [];
  if (kind !== 'wechat') {
    throw new ConfigError([`NOTICE_PUSH_PROVIDER must be "wechat" or "local" (the default), got "${kind}".`]);
  }
  const missing = ['WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TEMPLATE_READING_ID'].filter((name) => !env[name]);
  if (missing.length > 0) {
    problems.push(`NOTICE_PUSH_PROVIDER=wechat needs ${missing.join(', ')}.`);
  }
  const keys = env.WECHAT_TEMPLATE_READING_KEYS
    ? env.WECHAT_TEMPLATE_READING_KEYS.split(',').map((k) => k.trim())
    : undefined;
  if (keys && (keys.length !== 5 || keys.some((k) => !/^[a-z_]+\d+$/.test(k)))) {
    problems.push(
      'WECHAT_TEMPLATE_READING_KEYS must be five keyword names such as thing1,thing2,character_string3,phrase4,time5.',
    );
  }
  const apiBase = httpUrl('WECHAT_API_BASE', env.WECHAT_API_BASE, problems);
  const linkBase = httpUrl('PUBLIC_BASE_URL', env.PUBLIC_BASE_URL, problems);
  if (problems.length > 0) {
    throw new ConfigError(problems);
  }
  return new WechatTemplatePusher({
    appId: env.WECHAT_APP_ID ?? '',
    appSecret: env.WECHAT_APP_SECRET ?? '',
    templateId: env.WECHAT_TEMPLATE_READING_ID ?? '',
    ...(keys && { keys }),
    ...(apiBase && { apiBase }),
    ...(linkBase && { linkBase }),
  });
}
