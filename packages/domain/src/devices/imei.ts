/** The prefix some scanners put before a barcode's content. */
export const CODE_128_PREFIX = 'CODE_128,';

/**
 * The device IMEI in a scan result: the value after an `imei` marker (`…?imei=86…`, `IMEI:86…`),
 * else the text after a `CODE_128,` prefix, else the raw text. The value after a marker ends at
 * the next `&`, `#`, `,`, `;` or space so a URL's other parameters are not taken along.
 */
export function extractImei(scan: string): string {
  const text = scan.trim();
  const marker = /imei/i.exec(text);
  if (marker) {
    const rest = text.slice(marker.index + marker[0].length).replace(/^[\s=:：]+/, '');
    const value = rest.split(/[&#,;\s]/)[0] ?? '';
    if (value !== '') {
      return value;
    }
  }
  if (text.startsWith(CODE_128_PREFIX)) {
    return text.slice(CODE_128_PREFIX.length).trim();
  }
  return text;
}

/** An IMEI is fifteen decimal digits: 14 identifying digits and a Luhn check digit. */
export const IMEI_PATTERN = /^\d{15}$/;

/** Whether the text has the shape of an IMEI: exactly fifteen digits, nothing else. */
export function isImei(text: string): boolean {
  return IMEI_PATTERN.test(text);
}

/**
 * The Luhn check digit of the first fourteen digits of an IMEI (3GPP TS 23.003 Annex B): every
 * second digit from the right of the fourteen is doubled, the digits of the products summed.
 */
export function imeiCheckDigit(first14: string): number {
  let sum = 0;
  for (let i = 0; i < first14.length; i += 1) {
    const digit = Number(first14[first14.length - 1 - i]);
    const doubled = i % 2 === 0 ? digit * 2 : digit;
    sum += doubled > 9 ? doubled - 9 : doubled;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether an IMEI's last digit is the Luhn check digit of the others. A typed IMEI with one wrong
 * digit fails it; bench and test meters often carry IMEIs that fail it too, so provisioning only
 * warns (docs/adr/0073-meter-secrets-auth-cache-and-tools.md).
 */
export function hasValidImeiCheckDigit(imei: string): boolean {
  return isImei(imei) && imeiCheckDigit(imei.slice(0, 14)) === Number(imei[14]);
}
