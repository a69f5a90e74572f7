/**
 * The signatures and encryption of WeChat Pay API v3, over node:crypto (docs/adr/0113): the
 * request signature in `Authorization`, the signature of an answer or a notify, the AEAD_AES_256_GCM
 * resource of a notify, and the JSAPI `paySign`. Used by the `wechatpay` provider, by the `local`
 * provider (which plays WeChat Pay's side with a key of its own) and by the tests' fake server.
 */
import { createCipheriv, createDecipheriv, createSign, createVerify, randomBytes, type KeyObject } from 'node:crypto';

/** The scheme name of the `Authorization` header. */
export const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

/** How far a notify's or an answer's `Wechatpay-Timestamp` may be from our clock. */
export const MAX_SIGNATURE_SKEW_SECONDS = 5 * 60;

/** A random nonce of 32 characters, as the protocol's examples use. */
export const nonce = (): string => randomBytes(16).toString('hex');

function rsaSign(message: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(message).sign(privateKey, 'base64');
}

function rsaVerify(message: string, signature: string, publicKey: KeyObject): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

export interface MerchantIdentity {
  mchid: string;
  /** The serial number of the merchant's API certificate (`serial_no`). */
  serialNo: string;
  privateKey: KeyObject;
}

/**
 * The `Authorization` header of a request: the merchant's RSA-SHA256 signature over
 * `METHOD\nPATH?QUERY\nTIMESTAMP\nNONCE\nBODY\n` (BODY is '' for a GET).
 */
export function authorization(
  merchant: MerchantIdentity,
  request: { method: string; pathAndQuery: string; body: string },
  timestamp: number = Math.floor(Date.now() / 1000),
  nonceStr: string = nonce(),
): string {
  const message = `${request.method}\n${request.pathAndQuery}\n${timestamp}\n${nonceStr}\n${request.body}\n`;
  const signature = rsaSign(message, merchant.privateKey);
  return (
    `${AUTH_SCHEME} mchid="${merchant.mchid}",nonce_str="${nonceStr}",signature="${signature}",` +
    `timestamp="${timestamp}",serial_no="${merchant.serialNo}"`
  );
}

/** Reads an `Authorization` header back into its parts (the fake server checks ours with it). */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${AUTH_SCHEME} `)) {
    return null;
  }
  const parts: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)) {
    parts[match[1] ?? ''] = match[2] ?? '';
  }
  return parts;
}

/** Verifies a request's `Authorization` against the merchant's public key (the fake server's side). */
export function verifyAuthorization(
  header: string | undefined,
  request: { method: string; pathAndQuery: string; body: string },
  publicKey: KeyObject,
): Record<string, string> | null {
  const parts = parseAuthorization(header);
  if (!parts?.signature || !parts.timestamp || !parts.nonce_str) {
    return null;
  }
  const message = `${request.method}\n${request.pathAndQuery}\n${parts.timestamp}\n${parts.nonce_str}\n${request.body}\n`;
  return rsaVerify(message, parts.signature, publicKey) ? parts : null;
}

/** The four `Wechatpay-*` headers WeChat Pay signs an answer or a notify with. */
export interface WechatpaySignatureHeaders {
  'wechatpay-timestamp': string;
  'wechatpay-nonce': string;
  'wechatpay-signature': string;
  'wechatpay-serial': string;
}

/** Signs a body the way WeChat Pay signs its answers and notifies (the local provider and the fake use it). */
export function signBody(
  body: string,
  signer: { serial: string; privateKey: KeyObject },
  timestamp: number = Math.floor(Date.now() / 1000),
): WechatpaySignatureHeaders {
  const nonceStr = nonce();
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonceStr,
    'wechatpay-signature': rsaSign(`${timestamp}\n${nonceStr}\n${body}\n`, signer.privateKey),
    'wechatpay-serial': signer.serial,
  };
}

export type SignatureRefusal = 'missingHeaders' | 'unknownSerial' | 'staleTimestamp' | 'badSignature';

/**
 * Checks WeChat Pay's signature over the RAW body: the headers present, the serial the one we
 * trust, the timestamp within five minutes of `now`, and the RSA-SHA256 signature over
 * `TIMESTAMP\nNONCE\nBODY\n` with WeChat Pay's public key. Returns null when it holds, else why not.
 */
export function checkSignature(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  platform: { serial: string; publicKey: KeyObject },
  now: Date,
): SignatureRefusal | null {
  const one = (name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const timestamp = one('wechatpay-timestamp');
  const nonceStr = one('wechatpay-nonce');
  const signature = one('wechatpay-signature');
  const serial = one('wechatpay-serial');
  if (!timestamp || !nonceStr || !signature || !serial) {
    return 'missingHeaders';
  }
  if (serial !== platform.serial) {
    return 'unknownSerial';
  }
  const seconds = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - seconds) > MAX_SIGNATURE_SKEW_SECONDS) {
    return 'staleTimestamp';
  }
  return rsaVerify(`${timestamp}\n${nonceStr}\n${rawBody}\n`, signature, platform.publicKey) ? null : 'badSignature';
}

/** A notify's `resource`: AEAD_AES_256_GCM ciphertext (with its 16-byte tag at the end), base64. */
export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string;
  nonce: string;
  original_type?: string;
}

/** Decrypts a notify's resource with the API v3 key (32 bytes); throws when the tag does not match. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') {
    throw new Error(`unsupported resource algorithm ${resource.algorithm}`);
  }
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) {
    throw new Error('resource ciphertext too short');
  }
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/** Encrypts a resource the way WeChat Pay does (the local provider and the fake use it). */
export function encryptResource(
  plaintext: string,
  apiV3Key: string,
  associatedData: string,
  originalType: string,
): EncryptedResource {
  const iv = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(iv, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: body.toString('base64'),
    associated_data: associatedData,
    nonce: iv,
    original_type: originalType,
  };
}

/** What `WeixinJSBridge.invoke('getBrandWCPayRequest', …)` (or `wx.chooseWXPay`) takes. */
export interface JsapiPayParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** The JSAPI pay parameters for a prepay id: `paySign` is the merchant's signature over `appId\ntimeStamp\nnonceStr\npackage\n`. */
export function jsapiPayParams(
  appId: string,
  prepayId: string,
  privateKey: KeyObject,
  timestamp: number = Math.floor(Date.now() / 1000),
): JsapiPayParams {
  const timeStamp = String(timestamp);
  const nonceStr = nonce();
  const pkg = `prepay_id=${prepayId}`;
  return {
    appId,
    timeStamp,
    nonceStr,
    package: pkg,
    signType: 'RSA',
    paySign: rsaSign(`${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`, privateKey),
  };
}
