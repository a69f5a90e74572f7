// A drawer's action that may not be taken now (an order not yet paid, a repair already completed):
// its button is drawn disabled, with the reason shown on hover.
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** A button disabled with its reason as a tooltip; `problem` null leaves it enabled. */
export function Guarded({ problem, children }: { problem: string | null; children: (disabled: boolean) => ReactNode }) {
  return problem ? (
    <Tooltip title={problem}>
      <span>{children(true)}</span>
    </Tooltip>
  ) : (
    <>{children(false)}</>
  );
}
