import type { Db } from '../../../lib/db';
import { ProvisionedDevice } from './idempotencyKey.entity';

/** Which client provisioned which meter (`open_provisioned_device`). */
export class ProvisionedDeviceRepository {
  constructor(private readonly em: Db) {}

  async record(imei: string, clientId: string, now: Date): Promise<void> {
    this.em.create(ProvisionedDevice, { imei, clientId, createdAt: now });
    await this.em.flush();
  }
}
