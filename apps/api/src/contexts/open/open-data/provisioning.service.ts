import {
  hasValidImeiCheckDigit,
  IMEI_MESSAGES,
  imeiShapeProblem,
  isIccid,
  OPEN_DATA_MESSAGES,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { BodyOf } from '../../../lib/contract';
import { withSubjectLock, type Db } from '../../../lib/db';
import { AppError, ErrorCodes } from '../../../lib/errors';
import { ProvisionedDeviceRepository } from './provisionedDevice.repository';

/**
 * What provisioning needs of devices, set by composition.ts: the open context may not import
 * devices (its CLI imports every entity, which would close a cycle of folders), as after-sales'
 * `setWarrantyDevices` does.
 */
export interface OpenDevicesPort {
  /** Whether a meter with this IMEI is provisioned. */
  exists(db: Db, imei: string): Promise<boolean>;
  /** Provisions a meter; answers its secret and bind code (stored only as hashes). */
  provision(
    db: Db,
    input: { imei: string; kind: 'glucose' | 'bp'; model?: string; iccid?: string },
    now: Date,
  ): Promise<{ secret: string; bindCode: string }>;
}

let devices: OpenDevicesPort | null = null;

/** Wires devices in (composition.ts). */
export function setOpenDevices(port: OpenDevicesPort): void {
  devices = port;
}

function port(): OpenDevicesPort {
  if (!devices) {
    throw new Error('setOpenDevices was not called (src/composition.ts)');
  }
  return devices;
}

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** Every meter's problem, or none: the whole list is refused before anything is stored. */
function check(input: BodyOf<'openProvisionDevices'>): void {
  const seen = new Set<string>();
  for (const [i, d] of input.devices.entries()) {
    const n = i + 1;
    const problem = imeiShapeProblem(d.imei) ?? (hasValidImeiCheckDigit(d.imei) ? null : IMEI_MESSAGES.checkDigit);
    if (problem) {
      throw badRequest(OPEN_DATA_MESSAGES.deviceProblem(n, problem));
    }
    if (seen.has(d.imei)) {
      throw badRequest(OPEN_DATA_MESSAGES.duplicateImei(n));
    }
    seen.add(d.imei);
    if (d.iccid !== undefined && !isIccid(d.iccid)) {
      throw badRequest(OPEN_DATA_MESSAGES.badIccid(n));
    }
  }
}

/**
 * POST /open/v1/devices: provisions each meter not yet known, recording which client did; a known
 * meter answers `exists`. Each meter under its own advisory lock, so two calls with the same list
 * at once provision each meter once.
 */
export async function provisionOpenDevices(
  db: Db,
  clientId: string,
  input: BodyOf<'openProvisionDevices'>,
  now: Date,
): Promise<Schema<'OpenProvisionResult'>> {
  check(input);
  const results: Schema<'OpenProvisionResult'>['devices'] = [];
  for (const d of input.devices) {
    results.push(
      await withSubjectLock(db, `device:${d.imei}`, async (tx) => {
        if (await port().exists(tx, d.imei)) {
          return { imei: d.imei, status: 'exists' as const };
        }
        const { secret, bindCode } = await port().provision(
          tx,
          {
            imei: d.imei,
            kind: d.kind,
            ...(d.model !== undefined && { model: d.model }),
            ...(d.iccid !== undefined && { iccid: d.iccid }),
          },
          now,
        );
        await new ProvisionedDeviceRepository(tx).record(d.imei, clientId, now);
        return { imei: d.imei, status: 'created' as const, secret, bindCode };
      }),
    );
  }
  return { devices: results };
}
