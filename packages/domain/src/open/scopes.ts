/**
 * The open platform's scopes (issue 23): what an integrator's app may do with a patient's data, and
 * the plain Chinese the consent screen and 授权管理 show for each. openapi.yaml's `oauth2` security
 * scheme lists the same texts (checked by the API's contract test).
 */
export const OPEN_SCOPES = [
  'readings.read',
  'readings.write',
  'reports.read',
  'profile.read',
  'devices.provision',
  'patient/Observation.read',
  'patient/Patient.read',
  'patient/Device.read',
] as const;

export type OpenScope = (typeof OPEN_SCOPES)[number];

export const OPEN_SCOPE_TEXTS: Readonly<Record<OpenScope, string>> = {
  'readings.read': '读取您的血糖、血压、体重等测量记录',
  'readings.write': '为您记录新的血糖、血压、体重等测量数据',
  'reports.read': '读取您的血糖、血压统计报告',
  'profile.read': '读取您的基本资料（昵称、性别、出生年份、身高、糖尿病类型等）',
  'devices.provision': '为本机构登记出厂的设备（仅限机构自身，不涉及患者数据）',
  'patient/Observation.read': '以 FHIR 标准格式读取您的测量记录',
  'patient/Patient.read': '以 FHIR 标准格式读取您的基本资料',
  'patient/Device.read': '以 FHIR 标准格式读取您绑定的血糖仪等设备',
};

/** Scopes only a client's own client-credentials token carries; a patient is never asked for them. */
export const CLIENT_CREDENTIALS_ONLY_SCOPES: readonly OpenScope[] = ['devices.provision'];

export function isOpenScope(value: string): value is OpenScope {
  return (OPEN_SCOPES as readonly string[]).includes(value);
}

/** Whether a patient may grant `scope` to an app on the consent screen. */
export function patientMayGrant(scope: OpenScope): boolean {
  return !CLIENT_CREDENTIALS_ONLY_SCOPES.includes(scope);
}

/**
 * Reads an OAuth `scope` parameter (RFC 6749 §3.3: space-separated, order irrelevant): the known
 * scopes once each in OPEN_SCOPES' order, or the unknown ones. Empty text is no scope at all.
 */
export function parseScopeText(text: string): { ok: true; scopes: OpenScope[] } | { ok: false; unknown: string[] } {
  const words = text.split(' ').filter((w) => w !== '');
  const unknown = words.filter((w) => !isOpenScope(w));
  if (unknown.length > 0) {
    return { ok: false, unknown: [...new Set(unknown)] };
  }
  return { ok: true, scopes: OPEN_SCOPES.filter((s) => words.includes(s)) };
}

/** The `scope` text of a set of scopes, in OPEN_SCOPES' order. */
export function scopeText(scopes: readonly string[]): string {
  return OPEN_SCOPES.filter((s) => scopes.includes(s)).join(' ');
}

/** The consent screen's lines: each scope with its Chinese text, in OPEN_SCOPES' order. */
export function describeScopes(scopes: readonly string[]): { scope: OpenScope; text: string }[] {
  return OPEN_SCOPES.filter((s) => scopes.includes(s)).map((scope) => ({ scope, text: OPEN_SCOPE_TEXTS[scope] }));
}

/** Lifetimes and limits of the authorization server (docs/adr/0217). */
export const OAUTH_RULES = {
  accessTokenSeconds: 60 * 60,
  refreshTokenDays: 30,
  authorizationCodeSeconds: 10 * 60,
  /** A client's open-operation calls per minute unless the console sets another. */
  defaultRateLimitPerMinute: 600,
} as const;

/** An S256 code challenge: BASE64URL of a SHA-256 digest without padding, 43 characters. */
export function isS256Challenge(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
