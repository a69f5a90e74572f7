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
