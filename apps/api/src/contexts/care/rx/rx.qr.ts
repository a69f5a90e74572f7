import { createHmac, timingSafeEqual } from 'node:crypto';
import QRCode from 'qrcode';

const PREFIX = 'GGRX:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, infoId: string) =>
  createHmac('sha256', secret).update(`rx-seal:${infoId}`).digest('base64url').slice(0, 22);

/**
 * The text of a prescription's QR seal: `GGRX:` + the prescription id + a keyed signature, so the
 * pharmacy's scan finds the prescription and a code typed up by hand for another id is refused
 * (docs/adr/0154).
 */
export function rxQrCode(secret: string, infoId: string): string {
  return `${PREFIX}${infoId}.${signatureOf(secret, infoId)}`;
}

/** The prescription id of a scanned seal, or `null` when it is not one of ours. */
export function parseRxQrCode(secret: string, code: string): string | null {
  const text = code.trim();
  if (!text.startsWith(PREFIX)) {
    return null;
  }
  const [infoId = '', signature = ''] = text.slice(PREFIX.length).split('.');
  if (!UUID.test(infoId)) {
    return null;
  }
  const expected = Buffer.from(signatureOf(secret, infoId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? infoId : null;
}

/** The seal as a PNG data URL (the `qrcode` package), large enough for a phone's camera at the counter. */
export function rxQrImage(code: string): Promise<string> {
  return QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: 360 });
}
