import { dealerQuantity, digitsOnly, validateDealer } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { recordAudit, takeRateLimit, type AuditActor, type RateWindow } from '../../platform';
import type { DealerEnquiry } from './dealer.entity';
import { DealerRepository } from './dealer.repository';

// Dealers' procurement enquiries (spec 3 §2.8 /dealerProcurement): anyone with a session may send
// one, checked by the domain's validateDealer (the right message per field, ADR 0199); the
// service desk lists them and marks them handled, audited.

type DealerEnquiryView = Schema<'DealerEnquiry'>;

/** Enquiries one session may send: a dealer sends a few, a script sends many. */
export const DEALER_ENQUIRY_LIMITS: readonly RateWindow[] = [
  { max: 5, windowMs: 24 * 3600 * 1000, message: '提交太频繁，请明天再试' },
];

const NOT_FOUND = '询价单不存在';

export interface DealerInput {
  purchaser?: string;
  phone?: string;
  productName?: string;
  account?: string | number;
  saleChannel?: string;
  saleArea?: string;
  remark?: string;
}

function enquiryView(row: DealerEnquiry): DealerEnquiryView {
  return {
    enquiryId: row.id,
    customerId: row.customerId,
    purchaser: row.purchaser,
    phone: row.phone,
    productName: row.productName,
    account: row.quantity,
    saleChannel: row.saleChannel,
    saleArea: row.saleArea,
    remark: row.remark,
    createTime: row.createdAt.toISOString(),
    handled: row.handledAt ? 1 : 0,
    handledBy: row.handledByName ?? null,
    handledAt: row.handledAt ? row.handledAt.toISOString() : null,
    note: row.note,
  };
}

/** Stores an enquiry from `customerId`'s session (a visitor's too) after the domain's checks. */
export async function addDealerEnquiry(db: Db, customerId: string, input: DealerInput, now: Date) {
  const checked = validateDealer(input);
  if (!checked.ok) {
    throw new AppError(ErrorCodes.badRequest, checked.message);
  }
  await takeRateLimit(db, 'dealerEnquiry', customerId, DEALER_ENQUIRY_LIMITS, now);
  const enquiryId = await new DealerRepository(db).insert({
    customerId,
    purchaser: (input.purchaser ?? '').trim(),
    phone: digitsOnly(input.phone ?? ''),
    productName: (input.productName ?? '').trim(),
    quantity: dealerQuantity(input.account) ?? 0,
    saleChannel: (input.saleChannel ?? '').trim(),
    saleArea: (input.saleArea ?? '').trim(),
    remark: (input.remark ?? '').trim(),
    createdAt: now,
  });
  return { enquiryId };
}

export async function consoleDealerEnquiries(
  db: Db,
  actor: AuditActor,
  query: { handled?: 0 | 1; keyword?: string; pageNo: number; pageSize: number },
  now: Date,
) {
  const keyword = query.keyword?.trim() || undefined;
  const [rows, total] = await new DealerRepository(db).page(
    { handled: query.handled, keyword },
    (query.pageNo - 1) * query.pageSize,
    query.pageSize,
  );
  await recordAudit(db, actor, { action: 'aftersales.dealer.list', detail: keyword ? { keyword } : null }, now);
  return { ...pageOf(rows.map(enquiryView), total, query.pageNo, query.pageSize), total };
}

export async function consoleDealerEnquiry(db: Db, actor: AuditActor, enquiryId: number, now: Date) {
  const row = await new DealerRepository(db).byId(enquiryId);
  if (!row) {
    throw notFound(NOT_FOUND);
  }
  await recordAudit(db, actor, { action: 'aftersales.dealer.read', target: `dealer:${enquiryId}` }, now);
  return enquiryView(row);
}

/** Marks an enquiry handled with an optional note; a second time answers 40900 询价单已处理. */
export async function handleDealerEnquiry(
  db: Db,
  actor: AuditActor,
  staff: { id: string; name: string },
  enquiryId: number,
  note: string | undefined,
  now: Date,
) {
  const repo = new DealerRepository(db);
  await inTransaction(db, async (tx) => {
    const txRepo = new DealerRepository(tx);
    if (!(await txRepo.byId(enquiryId))) {
      throw notFound(NOT_FOUND);
    }
    if (!(await txRepo.markHandled(enquiryId, staff, (note ?? '').trim(), now))) {
      throw new AppError(ErrorCodes.conflict, '询价单已处理', 409);
    }
    await recordAudit(tx, actor, { action: 'aftersales.dealer.handle', target: `dealer:${enquiryId}` }, now);
  });
  return enquiryView((await repo.byId(enquiryId))!);
}
