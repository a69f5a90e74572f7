import { describe, expect, it } from 'vitest';
import { searchForTab, tabFromSearch } from './tabs';

const q = (search: string) => new URLSearchParams(search);

describe('tabFromSearch', () => {
  it('opens home by default', () => {
    expect(tabFromSearch(q(''))).toBe('home');
    expect(tabFromSearch(q('?isToAI=0'))).toBe('home');
  });

  it('opens the AI tab for the isToAI flag', () => {
    expect(tabFromSearch(q('?isToAI=1'))).toBe('ai');
    expect(tabFromSearch(q('?isToAI=true&sourceId=3'))).toBe('ai');
  });

  it('follows an explicit tab, which wins over the flag', () => {
    expect(tabFromSearch(q('?tab=mine'))).toBe('mine');
    expect(tabFromSearch(q('?tab=home&isToAI=1'))).toBe('home');
    expect(tabFromSearch(q('?tab=unknown'))).toBe('home');
  });
});

describe('searchForTab', () => {
  it('keeps other parameters, drops isToAI and leaves home bare', () => {
    expect(searchForTab(q('?sourceId=3&isToAI=1'), 'mine').toString()).toBe('sourceId=3&tab=mine');
    expect(searchForTab(q('?sourceId=3&tab=mine'), 'home').toString()).toBe('sourceId=3');
    expect(searchForTab(q(''), 'ai').toString()).toBe('tab=ai');
  });
});
