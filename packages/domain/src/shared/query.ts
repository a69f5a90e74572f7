/**
 * Reads a query string (`?a=1&b=2`, the `?` optional) into its parameters, as `URLSearchParams`
 * does (`+` is a space, the first of repeated names wins) — the domain has no DOM or Node types.
 * A malformed escape is kept as written.
 */
export function readQuery(search: string): ReadonlyMap<string, string> {
  const params = new Map<string, string>();
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') {
      continue;
    }
    const at = part.indexOf('=');
    const [name, value] = at < 0 ? [part, ''] : [part.slice(0, at), part.slice(at + 1)];
    const decoded = decode(name);
    if (!params.has(decoded)) {
      params.set(decoded, decode(value));
    }
  }
  return params;
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Writes parameters as a query string with its `?` (empty for none). */
export function writeQuery(params: readonly (readonly [string, string])[]): string {
  return params.length === 0
    ? ''
    : `?${params.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}
