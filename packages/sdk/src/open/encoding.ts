/** Base64 and base64url helpers over WebCrypto-friendly byte arrays (browsers and Node 18+). */

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary);
}

export function bytesToBase64Url(bytes: Uint8Array): string {
  return bytesToBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** Decodes standard base64 (padding optional); throws on anything else. */
export function base64ToBytes(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw new TypeError('not base64');
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) {
    bytes[i] = binary.charCodeAt(i);
  }
  return bytes;
}

export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(text);
}

/** WebCrypto's type in browsers (the DOM's `Crypto`) and in Node (`webcrypto.Crypto`) alike. */
type WebCrypto = typeof globalThis.crypto;

/** The WebCrypto of this runtime (global in browsers and Node 19+; Node 18 needs the flag or a polyfill). */
export function webCrypto(): WebCrypto {
  const crypto = (globalThis as { crypto?: WebCrypto }).crypto;
  if (!crypto?.subtle) {
    throw new Error(
      '@glucoguard/sdk/open needs WebCrypto: on Node 18 set globalThis.crypto = require("node:crypto").webcrypto',
    );
  }
  return crypto;
}

/** Compares two byte arrays in time that depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) {
    return false;
  }
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) {
    difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  }
  return difference === 0;
}

/** A random id (UUID v4) for Idempotency-Key. */
export function randomId(): string {
  return webCrypto().randomUUID();
}
