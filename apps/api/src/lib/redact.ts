/** Query parameters and body fields whose values never reach a log line. */
export const SENSITIVE_KEYS = ['phone', 'idCard', 'idNumber', 'token', 'accessToken', 'validCode', 'code', 'password', 'mobile', 'longitude', 'latitude'] as const;

/** Masks sensitive query parameters in a URL for logging. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) {
    return url;
  }
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if ((SENSITIVE_KEYS as readonly string[]).includes(key)) {
      params.set(key, '[REDACTED]');
    }
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

/** pino redact paths: headers with credentials and sensitive fields up to two levels deep. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  ...SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];
