import {
  chinaDateKey,
  DEVICE_TYPES,
  isWarrantyExpired,
  normalizeDeviceCode,
  validateProductRegistration,
  WARRANTY_MESSAGES,
  warrantyEnd,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { CustomerRepository } from '../../identity';
import { recordAudit, type AuditActor } from '../../platform';
import type { ProductModel } from '../catalogue/catalogue.entity';
import type { WarrantyRecord } from './warranty.entity';
import { meterOfImei } from './warranty.ports';
import { WarrantyRepository } from './warranty.repository';

// Warranty registration (spec 3 §2.8 /addProduct, /productList, /productDetail) and the console's
// search of the records. The identity is always the session's; a device devices knows must not be
// bound to somebody else; its model comes from its kind of meter when none is chosen
// (docs/adr/0200-one-warranty-per-device-and-customer.md).

type Warranty = Schema<'Warranty'>;

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** The warranty `deviceType` of each kind of meter devices provisions. */
const DEVICE_TYPE_OF_METER_KIND: Readonly<Record<string, number>> = {
  glucose: DEVICE_TYPES.bloodGlucoseMeter,
  bp: DEVICE_TYPES.bloodPressureMonitor,
};

export interface WarrantyInput {
  phone?: string;
  orderTimeStr?: string;
  deviceImei?: string;
  productId?: number;
}

/** A record's view: its warranty runs from its OWN purchase date (docs/adr/0200-one-warranty-per-device-and-customer.md). */
function warrantyView(row: WarrantyRecord, model: ProductModel | undefined, now: Date): Warranty {
  const months = model?.warMonths ?? 0;
  const end = warrantyEnd(row.orderDate, months);
  return {
    warrantyId: row.id,
    productId: row.productId,
    goodsName: model?.name ?? '',
    goodsUrl: model?.iconUrl ?? '',
    deviceImei: row.deviceImei,
    orderTime: row.orderDate,
    deviceType: (model?.deviceType ?? DEVICE_TYPES.bloodGlucoseMeter) as Warranty['deviceType'],
    warTime: months,
    warUrl: model?.warUrl ?? '',
    phone: row.phone,
    expired: isWarrantyExpired(row.orderDate, months, now),
    // The last day covered: the end is the first instant no longer covered.
    warrantyEnd: end ? chinaDateKey(end.getTime() - 1) : row.orderDate,
    createTime: row.createdAt.toISOString(),
  };
}

async function viewsOf(db: Db, rows: readonly WarrantyRecord[], now: Date): Promise<Warranty[]> {
  const models = await new WarrantyRepository(db).models(rows.map((r) => r.productId));
  return rows.map((r) => warrantyView(r, models.get(r.productId), now));
}

/** The model of the registration: the one chosen, else the catalogue's model of the meter's kind. */
async function modelFor(repo: WarrantyRepository, productId: number | undefined, meterKind: string | undefined) {
  if (productId !== undefined) {
    return repo.shownModel(productId);
  }
  const deviceType = meterKind === undefined ? undefined : DEVICE_TYPE_OF_METER_KIND[meterKind];
  return deviceType === undefined ? null : repo.firstShownModelOfType(deviceType);
}

/**
 * Registers a device's warranty for `customerId` (a visitor's session too, from /addProduct): the
 * domain's checks in the spec's order, then the binding, the model and one record per device.
 */
export async function registerWarranty(db: Db, customerId: string, input: WarrantyInput, now: Date): Promise<Warranty> {
  const checked = validateProductRegistration(input, now);
  if (!checked.ok) {
    throw badRequest(checked.message);
  }
  const deviceImei = normalizeDeviceCode(input.deviceImei);
  const meter = await meterOfImei(db, deviceImei);
  if (meter?.customerId && meter.customerId !== customerId) {
    throw forbidden(WARRANTY_MESSAGES.boundToOther);
  }
  const repo = new WarrantyRepository(db);
  const model = await modelFor(repo, input.productId, meter?.kind);
  if (!model) {
    throw badRequest(WARRANTY_MESSAGES.model);
  }
  const duplicate = () => new AppError(ErrorCodes.conflict, WARRANTY_MESSAGES.duplicate, 409);
  if (await repo.ofCustomerAndDevice(customerId, deviceImei)) {
    throw duplicate();
  }
  const row = await repo.insert({
    customerId,
    productId: model.id,
    deviceImei,
    phone: (input.phone ?? '').trim(),
    orderDate: (input.orderTimeStr ?? '').trim().slice(0, 10),
    createdAt: now,
  });
  if (!row) {
    throw duplicate();
  }
  const [view] = await viewsOf(db, [row], now);
  return view!;
}

/** A registered customer's registration: the phone defaults to the customer's own. */
export async function registerOwnWarranty(db: Db, customerId: string, input: WarrantyInput, now: Date) {
  const phone = input.phone?.trim() || ((await new CustomerRepository(db).get(customerId)).phone ?? '');
  return registerWarranty(db, customerId, { ...input, phone }, now);
}

/** The customer's records, newest first, in pages of 5. */
export async function warrantyPage(db: Db, customerId: string, pageNo: number, pageSize: number, now: Date) {
  const [rows, total] = await new WarrantyRepository(db).page(customerId, (pageNo - 1) * pageSize, pageSize);
  return pageOf(await viewsOf(db, rows, now), total, pageNo, pageSize);
}

/** One of the customer's records with its model's video, manual and remark. */
export async function warrantyDetail(db: Db, customerId: string, warrantyId: number, now: Date) {
  const repo = new WarrantyRepository(db);
  const row = await repo.own(customerId, warrantyId);
  if (!row) {
    throw (await repo.byId(warrantyId)) ? forbidden() : notFound(WARRANTY_MESSAGES.notFound);
  }
  const model = (await repo.models([row.productId])).get(row.productId);
  const [view] = await viewsOf(db, [row], now);
  return {
    ...view!,
    videoUrl: model?.videoUrl ?? '',
    manualUrl: model?.manualUrl ?? '',
    manualImages: model?.manualImages ?? [],
    remark: model?.remark ?? '',
  };
}

/** The console's search by a device code or a phone, audited (`aftersales.warranty.list`). */
export async function consoleWarranties(
  db: Db,
  actor: AuditActor,
  query: { keyword?: string; pageNo: number; pageSize: number },
  now: Date,
) {
  const repo = new WarrantyRepository(db);
  const keyword = query.keyword?.trim() || undefined;
  const [rows, total] = await repo.search(keyword, (query.pageNo - 1) * query.pageSize, query.pageSize);
  const [views, customers] = await Promise.all([viewsOf(db, rows, now), repo.customers(rows.map((r) => r.customerId))]);
  await recordAudit(db, actor, { action: 'aftersales.warranty.list', detail: keyword ? { keyword } : null }, now);
  const items = views.map((view, i) => {
    const customerId = rows[i]!.customerId;
    const customer = customers.get(customerId);
    return { ...view, customerId, customerName: customer?.nickname ?? '', customerPhone: customer?.phone ?? null };
  });
  return { ...pageOf(items, total, query.pageNo, query.pageSize), total };
}
