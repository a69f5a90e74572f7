import { randomInt } from 'node:crypto';
import {
  formatChinaTime,
  makeUpkeepCode,
  normalizeDeviceCode,
  REPAIR_MESSAGES,
  REPAIR_SCREEN_TEXTS,
  digitsOnly,
  validateRepair,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, forbidden, notFound } from '../../../lib/errors';
import { assertUploadedBy, customerUploader, isRepairPhotoPath } from '../../platform';
import type { RepairPhoto, RepairRequest } from './repair.entity';
import { RepairRepository, type RepairPhotoKind } from './repair.repository';

// Repair requests from the patient's side (spec 3 §2.8 /repairFilling, /faultServiceList,
// /faultServiceDetail): filed after the domain's checks with photos from the private folder 277,
// listed by status in pages of 7, read with the photos signed for the owner.

type Repair = Schema<'Repair'>;

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg);

/** A photo path's signed address for the viewer (the owner, or a staff member in the console). */
export type PhotoSigner = (path: string) => string;

export interface RepairInput {
  name?: string;
  phone?: string;
  address?: string;
  categoryId?: number;
  productId?: number;
  purchaseDateStr?: string;
  batchNo?: string;
  deviceImei?: string;
  certificateUrl?: string;
  malfunctionContent?: string;
  malfunctionUrl?: string;
}

/** The stored paths of a comma-joined photo list (blank entries dropped). */
function pathsOf(joined: string | undefined): string[] {
  return (joined ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

const MAX_CODE_DRAWS = 5;

/** Files a repair request for a registered customer; answers its id and 服务编码. */
export async function fileRepair(db: Db, customerId: string, input: RepairInput, now: Date) {
  const certificates = pathsOf(input.certificateUrl);
  const faults = pathsOf(input.malfunctionUrl);
  const checked = validateRepair({ ...input, certificateImages: certificates, malfunctionImages: faults }, now);
  if (!checked.ok) {
    throw badRequest(checked.message);
  }
  if (![...certificates, ...faults].every(isRepairPhotoPath)) {
    throw badRequest('图片地址不正确，请重新上传');
  }
  // A photo becomes visible to this request's owner: only the customer who uploaded it may attach it.
  await assertUploadedBy(db, customerUploader(customerId), [...certificates, ...faults]);
  const repo = new RepairRepository(db);
  const category = await repo.shownCategory(input.categoryId!);
  if (!category) {
    throw badRequest(REPAIR_MESSAGES.category);
  }
  const model = input.productId === undefined ? null : await repo.shownModel(input.productId);
  if (input.productId !== undefined && model?.categoryId !== category.id) {
    throw badRequest('请选择型号');
  }
  const photos: { kind: RepairPhotoKind; path: string }[] = [
    ...certificates.map((path) => ({ kind: 'certificate' as const, path })),
    ...faults.map((path) => ({ kind: 'malfunction' as const, path })),
  ];
  return inTransaction(db, async (tx) => {
    for (let draw = 0; draw < MAX_CODE_DRAWS; draw += 1) {
      const upkeepCode = makeUpkeepCode(now, (n) => randomInt(n));
      const upkeepId = await new RepairRepository(tx).insert(
        {
          upkeepCode,
          customerId,
          name: (input.name ?? '').trim(),
          phone: digitsOnly(input.phone ?? ''),
          address: (input.address ?? '').trim(),
          categoryId: category.id,
          categoryName: category.name,
          productId: model?.id ?? null,
          productName: model?.name ?? '',
          purchaseDate: (input.purchaseDateStr ?? '').trim().slice(0, 10),
          batchNo: (input.batchNo ?? '').trim(),
          deviceImei: normalizeDeviceCode(input.deviceImei),
          malfunctionContent: (input.malfunctionContent ?? '').trim(),
          createdAt: now,
        },
        photos,
        now,
      );
      if (upkeepId !== null) {
        return { upkeepId, upkeepCode };
      }
    }
    throw new AppError(ErrorCodes.unavailable, '系统繁忙，请稍后再试', 503);
  });
}

/** The summary of the lists: category and model, 服务编码, 报修时间, status. */
export function repairSummary(row: RepairRequest) {
  return {
    upkeepId: row.id,
    upkeepCode: row.upkeepCode,
    categoryName: row.categoryName,
    productName: row.productName,
    createTime: formatChinaTime(row.createdAt),
    status: row.status as 0 | 1,
  };
}

/** Every field of a request, its photos signed for the viewer in their two groups. */
export function repairView(row: RepairRequest, photos: readonly RepairPhoto[], sign: PhotoSigner): Repair {
  const group = (kind: RepairPhotoKind) => photos.filter((p) => p.kind === kind).map((p) => sign(p.path));
  const certificateImages = group('certificate');
  const malfunctionImages = group('malfunction');
  return {
    ...repairSummary(row),
    name: row.name,
    phone: row.phone,
    address: row.address,
    categoryId: row.categoryId,
    productId: row.productId ?? null,
    purchaseDateStr: row.purchaseDate,
    batchNo: row.batchNo,
    deviceImei: row.deviceImei,
    certificateUrl: certificateImages.join(','),
    certificateImages,
    malfunctionContent: row.malfunctionContent,
    malfunctionUrl: malfunctionImages.join(','),
    malfunctionImages,
    remark: row.remark,
  };
}

/** The customer's requests of one status, newest first: the spec's `{ list, pageNo, pageCount }`. */
export async function repairPage(db: Db, customerId: string, status: number, pageNo: number, pageSize: number) {
  const [rows, total] = await new RepairRepository(db).pageOfCustomer(
    customerId,
    status,
    (pageNo - 1) * pageSize,
    pageSize,
  );
  return { list: rows.map(repairSummary), pageNo, pageCount: Math.ceil(total / pageSize) };
}

/** One of the customer's requests with its photos signed for them. */
export async function repairDetail(db: Db, customerId: string, upkeepId: number, sign: PhotoSigner) {
  const repo = new RepairRepository(db);
  const row = await repo.own(customerId, upkeepId);
  if (!row) {
    throw (await repo.byId(upkeepId)) ? forbidden() : notFound(REPAIR_SCREEN_TEXTS.notFound);
  }
  return repairView(row, await repo.photos(upkeepId), sign);
}
