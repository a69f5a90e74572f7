import type { RepairStepKind } from '@glucoguard/domain';
import { EventBus } from '../../health';

/** Staff took a step on a repair request (published inside the step's transaction). */
export interface RepairStepTaken {
  type: 'RepairStepTaken';
  customerId: string;
  upkeepId: number;
  upkeepCode: string;
  /** The request's contact person. */
  name: string;
  kind: RepairStepKind;
  /** The handling result as it stands after the step (empty when none). */
  remark: string;
  at: Date;
}

export interface RepairEvents {
  RepairStepTaken: RepairStepTaken;
}

/**
 * The repair desk's bus: assign, result and complete publish, social's notices subscribe (wired in
 * composition.ts), and this module knows none of its subscribers.
 */
export const repairEvents = new EventBus<RepairEvents>();
