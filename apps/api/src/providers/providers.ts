import type { Clock } from '../lib/clock';
import type { AssistantProvider } from './assistant/assistant';
import type { TencentIm } from './chat/tencent-im';
import type { Geocoder } from './geocoder/geocoder';
import type { LogisticsProvider } from './logistics/logistics';
import type { PaymentProvider } from './payment/payment';
import type { NoticePusher } from './push/push';
import type { SmsSender } from './sms/sms';
import type { ObjectStore } from './storage/storage';
import type { IdentityProvider } from './wechat/identity';
import type { WechatJsSdk } from './wechat/jssdk';

/** The external services the API talks to, each behind an interface with a local default. */
export interface Providers {
  sms: SmsSender;
  identity: IdentityProvider;
  jsSdk: WechatJsSdk | null;
  /** Where uploaded images are kept: local disk by default, an S3-compatible store by configuration. */
  storage: ObjectStore;
  /** Reverse geocoding: the bundled nearest-seat table by default, Tencent Location Service by configuration. */
  geocoder: Geocoder;
  /** Reading notices through the messaging app's template messages; a local outbox by default. */
  noticePusher: NoticePusher;
  /** The AI assistant: the embedded offline one by default, an OpenAI-compatible service by configuration. */
  assistant: AssistantProvider;
  /** Payments: the local stand-in by default, WeChat Pay API v3 JSAPI by configuration (PAYMENT_PROVIDER). */
  payment: PaymentProvider;
  /** Chat: null for the API's own WebSocket (the default), Tencent Cloud IM by configuration (CHAT_PROVIDER). */
  chat: TencentIm | null;
  /** Courier tracking: the console's own shipping events by default, 快递鸟 by configuration (LOGISTICS_PROVIDER). */
  logistics: LogisticsProvider;
  /** Signs OAuth states and keys code hashes. */
  sessionSecret: string;
  clock: Clock;
}
