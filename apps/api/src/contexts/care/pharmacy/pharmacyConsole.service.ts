import { randomUUID } from 'node:crypto';
import type { Schema } from '@glucoguard/sdk';
import {
  PHARMACY_FORM_MESSAGES,
  isStockQuantity,
  onlineStoreDraftProblem,
  pharmacyDraftProblem,
  type OnlineStoreDraft,
  type PharmacyDraft,
} from '@glucoguard/domain';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { regionFromCode, regionNames } from '../../../providers/geocoder/regions';
import { DictionaryRepository, recordAudit, type AuditActor } from '../../platform';
import type { OnlineStore, Pharmacy } from './pharmacy.entity';
import {
  PharmacyConsoleRepository,
  type PharmacyFields,
  type PharmacyFilter,
  type StockLine,
} from './pharmacyConsole.repository';

// An operator's pharmacies and online stores (issue 19; docs/adr/0158-pharmacy-management-in-the-console.md).
// Every rule is the domain's; the region's existence is checked against the region data here.

const refuse = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** A code for a new row: the prefix and 8 hex digits (seeded rows keep their readable codes). */
const newCode = (prefix: 'PH' | 'OS') => `${prefix}-${randomUUID().replaceAll('-', '').slice(0, 8).toUpperCase()}`;

function pharmacyVo(row: Pharmacy, stockCount: number): Schema<'ConsolePharmacy'> {
  const names = regionNames(row);
  return {
    pharmacyId: row.id,
    code: row.code,
    name: row.name,
    address: row.address,
    phone: row.phone,
    province: row.province,
    city: row.city,
    district: row.district,
    regionName: [names.provinceName, names.cityName, names.districtName].filter(Boolean).join(' '),
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    openStartTime: row.openStartTime,
    openEndTime: row.openEndTime,
    status: row.status === 1 ? 1 : 0,
    stockCount,
  };
}

function onlineStoreVo(row: OnlineStore): Schema<'ConsoleOnlineStore'> {
  return {
    storeId: row.id,
    storeCode: row.storeCode,
    storeName: row.storeName,
    storeIcon: row.storeIcon,
    remark: row.remark,
    storeUrl: row.storeUrl,
    status: row.status === 1 ? 1 : 0,
    sort: row.sort,
  };
}

/** The draft as stored (texts trimmed), or a 40000 with the form's message. */
function checkedPharmacy(draft: PharmacyDraft): PharmacyFields {
  const fields = { ...draft, name: draft.name.trim(), address: draft.address.trim(), phone: draft.phone.trim() };
  const problem = pharmacyDraftProblem(fields);
  if (problem) {
    throw refuse(problem);
  }
  const region = regionFromCode(fields.district);
  if (
    !region ||
    region.district !== fields.district ||
    region.province !== fields.province ||
    region.city !== fields.city
  ) {
    throw refuse(PHARMACY_FORM_MESSAGES.regionUnknown);
  }
  return fields;
}

function checkedOnlineStore(draft: OnlineStoreDraft): OnlineStoreDraft {
  const fields = {
    ...draft,
    storeName: draft.storeName.trim(),
    remark: draft.remark.trim(),
    storeUrl: draft.storeUrl.trim(),
    storeIcon: draft.storeIcon.trim(),
  };
  const problem = onlineStoreDraftProblem(fields);
  if (problem) {
    throw refuse(problem);
  }
  return fields;
}

/** The fields whose value differs, for the audit trail. */
function changedFields<T extends object>(before: T, after: T): string[] {
  return (Object.keys(after) as (keyof T)[]).filter((k) => before[k] !== after[k]).map(String);
}

async function pharmacyOrNotFound(repo: PharmacyConsoleRepository, pharmacyId: number): Promise<Pharmacy> {
  const row = await repo.findPharmacy(pharmacyId);
  if (!row) {
    throw notFound(PHARMACY_FORM_MESSAGES.pharmacyUnknown);
  }
  return row;
}

export async function consolePharmacies(db: Db, filter: Omit<PharmacyFilter, 'keyword'> & { keyword?: string }) {
  const repo = new PharmacyConsoleRepository(db);
  const keyword = filter.keyword?.trim();
  const { rows, total } = await repo.pharmacies({ ...filter, keyword: keyword || undefined });
  const counts = await repo.stockCounts(rows.map((r) => r.id));
  return { items: rows.map((r) => pharmacyVo(r, counts.get(r.id) ?? 0)), total };
}

export async function consolePharmacy(db: Db, pharmacyId: number) {
  const repo = new PharmacyConsoleRepository(db);
  const row = await pharmacyOrNotFound(repo, pharmacyId);
  return pharmacyVo(row, (await repo.stockCounts([row.id])).get(row.id) ?? 0);
}

export async function createPharmacy(db: Db, actor: AuditActor, draft: PharmacyDraft, now: Date) {
  const fields = checkedPharmacy(draft);
  return inTransaction(db, async (tx) => {
    const row = await new PharmacyConsoleRepository(tx).insertPharmacy(newCode('PH'), fields);
    await recordAudit(
      tx,
      actor,
      { action: 'pharmacy.create', target: `pharmacy:${row.id}`, detail: { name: row.name } },
      now,
    );
    return pharmacyVo(row, 0);
  });
}

export async function updatePharmacy(db: Db, actor: AuditActor, pharmacyId: number, draft: PharmacyDraft, now: Date) {
  const fields = checkedPharmacy(draft);
  return inTransaction(db, async (tx) => {
    const repo = new PharmacyConsoleRepository(tx);
    const row = await pharmacyOrNotFound(repo, pharmacyId);
    const changed = changedFields(row as PharmacyFields, fields);
    await repo.updatePharmacy(row, fields);
    await recordAudit(tx, actor, { action: 'pharmacy.update', target: `pharmacy:${row.id}`, detail: { changed } }, now);
    return pharmacyVo(row, (await repo.stockCounts([row.id])).get(row.id) ?? 0);
  });
}

/** The stock lines with their category's label from the rx_category dictionary. */
async function stockView(db: Db, pharmacyId: number, lines: StockLine[]) {
  const labels = new Map(
    (await new DictionaryRepository(db).findByType('rx_category')).map((i) => [i.itemKey, i.itemValue]),
  );
  return { pharmacyId, items: lines.map((l) => ({ ...l, rxCategoryName: labels.get(l.rxCategory) ?? l.rxCategory })) };
}

export async function pharmacyStock(db: Db, pharmacyId: number) {
  const repo = new PharmacyConsoleRepository(db);
  await pharmacyOrNotFound(repo, pharmacyId);
  return stockView(db, pharmacyId, await repo.stockOf(pharmacyId));
}

export async function setPharmacyStock(
  db: Db,
  actor: AuditActor,
  pharmacyId: number,
  items: readonly { medicineId: number; quantity: number }[],
  now: Date,
) {
  const ids = items.map((i) => i.medicineId);
  if (new Set(ids).size !== ids.length) {
    throw refuse(PHARMACY_FORM_MESSAGES.stockDuplicate);
  }
  if (!items.every((i) => isStockQuantity(i.quantity))) {
    throw refuse(PHARMACY_FORM_MESSAGES.quantity);
  }
  return inTransaction(db, async (tx) => {
    const repo = new PharmacyConsoleRepository(tx);
    await pharmacyOrNotFound(repo, pharmacyId);
    const known = await repo.knownMedicineIds(ids);
    if (ids.some((id) => !known.has(id))) {
      throw refuse(PHARMACY_FORM_MESSAGES.medicineUnknown);
    }
    await repo.setStock(pharmacyId, items);
    await recordAudit(
      tx,
      actor,
      {
        action: 'pharmacy.stock',
        target: `pharmacy:${pharmacyId}`,
        detail: { items: items.map((i) => [i.medicineId, i.quantity]) },
      },
      now,
    );
    return stockView(tx, pharmacyId, await repo.stockOf(pharmacyId));
  });
}

export async function consoleOnlineStores(db: Db, pageNo: number, pageSize: number) {
  const { rows, total } = await new PharmacyConsoleRepository(db).onlineStores(pageNo, pageSize);
  return { items: rows.map(onlineStoreVo), total };
}

export async function createOnlineStore(db: Db, actor: AuditActor, draft: OnlineStoreDraft, now: Date) {
  const fields = checkedOnlineStore(draft);
  return inTransaction(db, async (tx) => {
    const row = await new PharmacyConsoleRepository(tx).insertOnlineStore(newCode('OS'), fields);
    await recordAudit(
      tx,
      actor,
      { action: 'onlineStore.create', target: `onlineStore:${row.id}`, detail: { storeName: row.storeName } },
      now,
    );
    return onlineStoreVo(row);
  });
}

export async function updateOnlineStore(
  db: Db,
  actor: AuditActor,
  storeId: number,
  draft: OnlineStoreDraft,
  now: Date,
) {
  const fields = checkedOnlineStore(draft);
  return inTransaction(db, async (tx) => {
    const repo = new PharmacyConsoleRepository(tx);
    const row = await repo.findOnlineStore(storeId);
    if (!row) {
      throw notFound(PHARMACY_FORM_MESSAGES.storeUnknown);
    }
    const changed = changedFields(row as OnlineStoreDraft, fields);
    await repo.updateOnlineStore(row, fields);
    await recordAudit(
      tx,
      actor,
      { action: 'onlineStore.update', target: `onlineStore:${row.id}`, detail: { changed } },
      now,
    );
    return onlineStoreVo(row);
  });
}
