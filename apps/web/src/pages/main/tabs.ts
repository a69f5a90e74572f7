/** The three tabs of the main page (spec 2.2). */
export const MAIN_TABS = ['home', 'ai', 'mine'] as const;
export type MainTab = (typeof MAIN_TABS)[number];

function isMainTab(value: string | null): value is MainTab {
  return value !== null && (MAIN_TABS as readonly string[]).includes(value);
}

/**
 * The tab a main-page address shows: `tab=home|ai|mine` when present, otherwise the AI tab
 * for the spec's `isToAI` flag (`isToAI=1` or `isToAI=true`), otherwise home.
 */
export function tabFromSearch(params: URLSearchParams): MainTab {
  const tab = params.get('tab');
  if (isMainTab(tab)) {
    return tab;
  }
  const toAi = params.get('isToAI');
  return toAi === '1' || toAi === 'true' ? 'ai' : 'home';
}

/**
 * The query of the main page after switching to `tab`: keeps unrelated parameters (such as
 * sourceId), drops the one-shot `isToAI` flag and leaves home as the bare address.
 */
export function searchForTab(params: URLSearchParams, tab: MainTab): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('isToAI');
  if (tab === 'home') {
    next.delete('tab');
  } else {
    next.set('tab', tab);
  }
  return next;
}
