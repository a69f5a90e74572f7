import { isStaffRole, roleMay } from '@glucoguard/domain';
import type { Db } from '../../../lib/db';
import { liveStaffRole } from '../../identity';
import { RepairRepository } from './repair.repository';

/**
 * Whether the viewer a private address was signed for may still see the repair photo at `path`:
 * the customer who filed its request, or (`s_<staffId>`) an enabled staff member whose role holds
 * `aftersales.service` (docs/adr/0201-repair-photos-private.md). Wired in by app.ts.
 */
export async function repairPhotoVisibleTo(db: Db, viewer: string, path: string): Promise<boolean> {
  const repo = new RepairRepository(db);
  if (viewer.startsWith('s_')) {
    const role = await liveStaffRole(db, viewer.slice(2));
    return role !== null && isStaffRole(role) && roleMay(role, 'aftersales.service') && (await repo.photoExists(path));
  }
  if (viewer.startsWith('c_')) {
    return false;
  }
  return repo.customerOwnsPhoto(viewer, path);
}
