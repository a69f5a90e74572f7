/**
 * How a monitoring plan's cell reads to the patient and the doctor (docs/adr/0166-monitoring-plan-screens.md):
 * one state per (date, slot) and its words, so the phone and the console mark a plan alike.
 */

/** A cell of the plan: not planned, measured, still to measure (today or later), or missed (a past date). */
export type MonitorSlotState = 'none' | 'done' | 'pending' | 'missed';

/**
 * The state of one slot on `date` ('YYYY-MM-DD'), `today` being the China date: a planned slot is
 * done once a reading of it exists; not done, it is missed once its date has passed, pending until then.
 */
export function monitorSlotState(
  slot: { readonly monitorFlag: number; readonly done: boolean },
  date: string,
  today: string,
): MonitorSlotState {
  if (slot.monitorFlag !== 1) {
    return 'none';
  }
  if (slot.done) {
    return 'done';
  }
  return date < today ? 'missed' : 'pending';
}

/** The mark and word of each planned state: a symbol and text, never colour alone. */
export const MONITOR_SLOT_STATE_LABELS: Readonly<
  Record<Exclude<MonitorSlotState, 'none'>, { readonly mark: string; readonly word: string }>
> = {
  done: { mark: '✓', word: '已测' },
  pending: { mark: '○', word: '待测' },
  missed: { mark: '✗', word: '未测' },
};

/** The legend under a plan's table. */
export const MONITOR_SLOT_LEGEND = '✓ 已测　○ 待测　✗ 未测　空白为不需测量';
