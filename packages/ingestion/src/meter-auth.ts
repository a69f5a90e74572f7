import { isImei, type MeterKind } from '@glucoguard/domain';
import type { MeterAuthResult, MeterCredentials } from './contract';
import { verifyDeviceSecret } from './secret';

/** What the credential check needs of a provisioned meter: its stored secret hash and kind. */
export interface ProvisionedMeter {
  secretHash: string;
  kind: string;
}

/**
 * The verdict on a meter's MQTT credentials, given the meter provisioned under that IMEI (null
 * when none is): the client id must be the IMEI, the IMEI provisioned and the secret its own. An
 * unknown IMEI costs as much time as a wrong secret (the secret is compared with a decoy hash).
 * Rejects with DerivationBusyError when the secret-check thread has its fill of checks waiting.
 */
export async function checkMeterCredentials(
  input: MeterCredentials,
  meter: ProvisionedMeter | null,
): Promise<MeterAuthResult> {
  const known = isImei(input.imei) ? meter : null;
  const secretOk = await verifyDeviceSecret(input.secret, known?.secretHash ?? null);
  if (!known || !secretOk || input.clientId !== input.imei) {
    return { ok: false, kind: null };
  }
  return { ok: true, kind: known.kind as MeterKind };
}
