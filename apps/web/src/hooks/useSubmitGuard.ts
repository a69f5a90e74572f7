import { ACCOUNT_MESSAGES } from '@glucoguard/domain';
import { useCallback, useRef, useState } from 'react';
import { clearToast, showToast, toastCount } from '../ui/toast';

/** What a guarded submit does once the loading toast is gone (show a message, move on). */
export type AfterSubmit = (() => void) | undefined;

/** How a guarded submit shows that it runs. */
export interface SubmitGuardOptions {
  /**
   * `false`: no loading toast; the page shows the wait itself (a switch's or a button's own
   * spinner). The repeat-click guard and `busy` work the same.
   */
  loader?: boolean;
  /**
   * The guard holds at least this long after a tap even when the answer comes sooner (the
   * consultation submit's 2 s of spec 3 §9), so a quick second tap is ignored too.
   */
  holdMs?: number;
}

/**
 * The repeat-click guard of spec §2.5: while a submit runs a second one is ignored, and the
 * loading toast 拼命上传中... stays up until the answer arrives. The task returns what to do
 * once the answer is in; a message it shows replaces the loader, otherwise the loader is cleared.
 * Every page that saves goes through it, so none keeps a saving flag of its own.
 */
export function useSubmitGuard({ loader = true, holdMs = 0 }: SubmitGuardOptions = {}): {
  busy: boolean;
  run: (task: () => Promise<AfterSubmit>) => Promise<void>;
} {
  const lock = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async (task: () => Promise<AfterSubmit>) => {
      if (lock.current) {
        return;
      }
      lock.current = true;
      const started = Date.now();
      setBusy(true);
      if (loader) {
        showToast({ icon: 'loading', content: ACCOUNT_MESSAGES.registering, duration: 0, maskClickable: false });
      }
      let after: AfterSubmit;
      try {
        after = await task();
      } catch (error) {
        if (loader) {
          clearToast();
        }
        throw error;
      } finally {
        const release = () => {
          lock.current = false;
        };
        const left = holdMs - (Date.now() - started);
        if (left > 0) {
          setTimeout(release, left);
        } else {
          release();
        }
        setBusy(false);
      }
      // A message replaces the loader in place; without one the loader just goes.
      const before = toastCount();
      after?.();
      if (loader && toastCount() === before) {
        clearToast();
      }
    },
    [loader, holdMs],
  );
  return { busy, run };
}
