import { create } from 'zustand';

/**
 * 长辈模式, the elder-friendly mode (ADR 0041): larger text, larger tap targets and darker text, all
 * by design tokens keyed on `<html data-elder="on">` (packages/ui/src/tokens.css). The choice belongs
 * to the device, not the account (ADR 0044): it is kept in localStorage, and its absence means the
 * user has never chosen, which is when the one-time offer may appear.
 */
export const ELDER_MODE_STORAGE_KEY = 'glucoguard.elderMode';

type ElderChoice = 'on' | 'off';

interface ElderModeState {
  /** The mode is on. */
  on: boolean;
  /** The user has chosen (in 设置 or in the offer) on this device, so the offer is not shown again. */
  chosen: boolean;
  /** Turns the mode on or off and remembers the choice. */
  choose: (on: boolean) => void;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Blocked storage (private mode, sandboxed web views): the mode still applies to this page load.
    return null;
  }
}

function readChoice(): ElderChoice | null {
  try {
    const value = storage()?.getItem(ELDER_MODE_STORAGE_KEY) ?? null;
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

function writeChoice(choice: ElderChoice): void {
  try {
    storage()?.setItem(ELDER_MODE_STORAGE_KEY, choice);
  } catch {
    // Quota or blocked storage: the choice still applies to this page load.
  }
}

/** Sets or clears the attribute the tokens are keyed on. */
function applyToDocument(on: boolean): void {
  if (typeof document === 'undefined') {
    return;
  }
  if (on) {
    document.documentElement.dataset.elder = 'on';
  } else {
    delete document.documentElement.dataset.elder;
  }
}

function initialState(): Pick<ElderModeState, 'on' | 'chosen'> {
  const choice = readChoice();
  return { on: choice === 'on', chosen: choice !== null };
}

export const useElderMode = create<ElderModeState>()((set) => ({
  ...initialState(),
  choose: (on) => {
    writeChoice(on ? 'on' : 'off');
    set({ on, chosen: true });
  },
}));

/**
 * Puts the stored choice on `<html>` and keeps it there as the choice changes. Called once at
 * start-up (main.tsx), before the first render, so the first screen is already large.
 */
let installed = false;
export function installElderMode(): void {
  applyToDocument(useElderMode.getState().on);
  if (!installed) {
    installed = true;
    useElderMode.subscribe((state) => applyToDocument(state.on));
  }
}

/** Reads the stored choice again and applies it (tests, after they clear localStorage). */
export function reloadElderMode(): void {
  installElderMode();
  useElderMode.setState(initialState());
}
