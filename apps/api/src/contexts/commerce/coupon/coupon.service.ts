// Coupons (spec 3 §2.7, §3, §7; docs/adr/0183-coupons-templates-and-holdings.md): what a customer
// holds, which of them an order may use, and the order's reserve, release and consume.
import {
  chinaDateKey,
  COUPON_CHOOSER_PAGE_SIZE,
  COUPON_MESSAGES,
  COUPON_PAGE_SIZE,
  couponCoversGoods,
  couponDiscountCents,
  couponRefusal,
  couponStatus,
  formatChinaTime,
  maskPhone,
  validateCouponTemplate,
} from '@glucoguard/domain';
import type { BodyOf, QueryOf } from '../../../lib/contract';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { recordAudit, type AuditActor } from '../../platform';
import type { CouponTemplate } from './coupon.entity';
import { couponEvents } from './coupon.events';
import { CouponRepository, type HeldCouponRow, type TemplateRow } from './coupon.repository';

const badRequest = (errMsg: string) => new AppError(ErrorCodes.badRequest, errMsg, 400);

/** A held coupon as the customer sees it (Coupon). */
function couponView(c: HeldCouponRow, now: Date) {
  return {
    couponId: c.id,
    couponName: c.name,
    couponValue: c.valueCents,
    startTime: formatChinaTime(c.startAt),
    endTime: formatChinaTime(c.endAt),
    rangeType: c.rangeType,
    goodsIds: c.goodsIds,
    status: couponStatus(c, now),
  };
}

function page<T>(all: T[], pageNo: number, pageSize: number) {
  const items = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return { ...pageOf(items, all.length, pageNo, pageSize), totalNum: all.length };
}

const STATUS_ORDER = { unused: 0, used: 1, expired: 1 } as const;

/** GET /coupon/v1/queryAll: unused first (the soonest to end first), then used and expired; the newest first otherwise. */
export async function allCoupons(db: Db, customerId: string, q: QueryOf<'couponQueryAll'>, now: Date) {
  const views = (await new CouponRepository(db).heldBy(customerId)).map((c) => ({ c, v: couponView(c, now) }));
  views.sort(
    (a, b) =>
      STATUS_ORDER[a.v.status] - STATUS_ORDER[b.v.status] ||
      (a.v.status === 'unused' ? a.c.endAt.getTime() - b.c.endAt.getTime() : 0) ||
      Number(b.c.id) - Number(a.c.id),
  );
  return page(
    views.map((x) => x.v),
    q.pageNo ?? 1,
    COUPON_PAGE_SIZE,
  );
}

/** GET /coupon/v1/queryCanUse: usable now on every one of the goods, the largest value first. */
export async function usableCoupons(db: Db, customerId: string, q: QueryOf<'couponQueryCanUse'>, now: Date) {
  const goodsIds = q.goodsIds.split(',');
  const usable = (await new CouponRepository(db).heldBy(customerId))
    .filter(
      (c) =>
        c.usedAt === null &&
        c.reservedAt === null &&
        c.startAt.getTime() <= now.getTime() &&
        c.endAt.getTime() >= now.getTime() &&
        couponCoversGoods(c, goodsIds),
    )
    .sort((a, b) => b.valueCents - a.valueCents || a.endAt.getTime() - b.endAt.getTime());
  return page(
    usable.map((c) => couponView(c, now)),
    q.pageNo ?? 1,
    COUPON_CHOOSER_PAGE_SIZE,
  );
}

/**
 * For ORDER-API, inside the order's transaction: holds the customer's coupon for goods costing
 * `goodsCents` (the yuan part) and answers what it takes off (never more than that). Refuses a
 * missing or someone else's coupon (40400), and a used, held, not started, expired or out-of-range
 * one (40000 with COUPON_MESSAGES' words).
 */
export async function reserveCoupon(
  tx: Db,
  customerId: string,
  couponId: string,
  goodsId: string | number,
  goodsCents: number,
  now: Date,
): Promise<{ couponCents: number }> {
  const repo = new CouponRepository(tx);
  const coupon = /^\d{1,18}$/.test(couponId) ? await repo.ownForUpdate(customerId, couponId) : null;
  if (!coupon) {
    throw notFound(COUPON_MESSAGES.notFound);
  }
  const refusal = couponRefusal(coupon, String(goodsId), now);
  if (refusal) {
    throw badRequest(refusal);
  }
  if (!(await repo.reserve(couponId, now))) {
    throw badRequest(COUPON_MESSAGES.inUse);
  }
  return { couponCents: couponDiscountCents(coupon.valueCents, goodsCents) };
}

/** For ORDER-API: the order was cancelled or timed out; the coupon may be used again (a used one stays used). */
export async function releaseCoupon(tx: Db, customerId: string, couponId: string): Promise<void> {
  if (/^\d{1,18}$/.test(couponId)) {
    await new CouponRepository(tx).release(customerId, couponId);
  }
}

/**
 * For ORDER-API: the order was paid (or submitted without payment); the coupon is used up by it.
 * Consuming again for the same order changes nothing (a duplicate notify); another order's use is
 * refused (40000 该优惠券已使用).
 */
export async function consumeCoupon(
  tx: Db,
  customerId: string,
  couponId: string,
  orderId: string | number,
  now: Date = new Date(),
): Promise<void> {
  const repo = new CouponRepository(tx);
  const usedBy = String(orderId);
  if (/^\d{1,18}$/.test(couponId) && (await repo.consume(customerId, couponId, usedBy, now))) {
    return;
  }
  const coupon = /^\d{1,18}$/.test(couponId) ? await repo.ownForUpdate(customerId, couponId) : null;
  if (!coupon) {
    throw notFound(COUPON_MESSAGES.notFound);
  }
  if (coupon.usedOrderId !== usedBy) {
    throw badRequest(COUPON_MESSAGES.used);
  }
}

/** A template as the console lists it (ConsoleCoupon). */
function templateView(r: TemplateRow) {
  const t = r.template;
  return {
    templateId: t.id,
    couponName: t.name,
    couponValue: t.valueCents,
    startTime: formatChinaTime(t.startAt),
    endTime: formatChinaTime(t.endAt),
    rangeType: t.rangeType as 'all' | 'goods',
    goodsIds: t.goodsIds,
    issuedCount: r.issuedCount,
    usedCount: r.usedCount,
    createTime: formatChinaTime(t.createdAt),
    createdBy: r.createdByName,
  };
}

/** GET /console/v1/coupons. */
export async function consoleCoupons(db: Db, q: QueryOf<'consoleCoupons'>) {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 10;
  const { rows, total } = await new CouponRepository(db).templates(
    (q.keyword ?? '').trim(),
    (pageNo - 1) * pageSize,
    pageSize,
  );
  return { items: rows.map(templateView), total };
}

/** POST /console/v1/coupons: checked by the domain's validateCouponTemplate; audited. */
export async function createCouponTemplate(db: Db, actor: AuditActor, body: BodyOf<'consoleCreateCoupon'>, now: Date) {
  const check = validateCouponTemplate(body, chinaDateKey(now));
  if (!check.ok) {
    throw badRequest(check.message);
  }
  const goodsIds = body.rangeType === 'goods' ? [...(body.goodsIds ?? [])] : [];
  if (goodsIds.length > 0) {
    const known = await new CouponRepository(db).knownGoods(goodsIds);
    if (goodsIds.some((id) => !known.has(id))) {
      throw badRequest(COUPON_MESSAGES.goodsEmpty);
    }
  }
  return inTransaction(db, async (tx) => {
    const repo = new CouponRepository(tx);
    const template: CouponTemplate = repo.createTemplate({
      name: body.couponName.trim(),
      valueCents: body.couponValue,
      startAt: check.startAt,
      endAt: check.endAt,
      rangeType: body.rangeType,
      goodsIds,
      createdBy: actor.id,
      createdAt: now,
    });
    await repo.flush();
    await recordAudit(
      tx,
      actor,
      {
        action: 'coupon.create',
        target: `coupon:${template.id}`,
        detail: { name: template.name, valueCents: template.valueCents },
      },
      now,
    );
    const [row] = (await repo.templates('', 0, 1)).rows.filter((r) => r.template.id === template.id);
    return templateView(row ?? { template, issuedCount: 0, usedCount: 0, createdByName: '' });
  });
}

/** POST /console/v1/coupons/{templateId}/issue: to the chosen customers or to all; audited. */
export async function issueCoupon(
  db: Db,
  actor: AuditActor,
  templateId: string,
  body: BodyOf<'consoleIssueCoupon'>,
  now: Date,
) {
  const everyone = body.all === true;
  if (!everyone && (body.customerIds ?? []).length === 0) {
    throw badRequest(COUPON_MESSAGES.issueNobody);
  }
  return inTransaction(db, async (tx) => {
    const repo = new CouponRepository(tx);
    const template = await repo.template(templateId);
    if (!template) {
      throw notFound(COUPON_MESSAGES.notFound);
    }
    if (template.endAt.getTime() < now.getTime()) {
      throw new AppError(ErrorCodes.conflict, COUPON_MESSAGES.issueExpired, 409);
    }
    const customerIds = everyone
      ? await repo.issueToAll(templateId, now)
      : await repo.issueTo(templateId, body.customerIds ?? [], now);
    await recordAudit(
      tx,
      actor,
      {
        action: 'coupon.issue',
        target: `coupon:${templateId}`,
        detail: everyone ? { all: true, issued: customerIds.length } : { customerIds, issued: customerIds.length },
      },
      now,
    );
    await couponEvents.publish(
      tx,
      'CouponIssued',
      customerIds.map((customerId) => ({
        type: 'CouponIssued' as const,
        customerId,
        couponName: template.name,
        couponValue: template.valueCents,
        endAt: template.endAt,
        at: now,
      })),
    );
    return { issued: customerIds.length };
  });
}

/** GET /console/v1/coupons/recipients: phones masked; audited (it reads customers' data). */
export async function couponRecipients(db: Db, actor: AuditActor, keyword: string, now: Date) {
  const rows = await new CouponRepository(db).recipients(keyword.trim());
  await recordAudit(
    db,
    actor,
    { action: 'coupon.recipients', target: 'customer:search', detail: { found: rows.length } },
    now,
  );
  return {
    items: rows.map((r) => ({ customerId: r.id, nickname: r.nickname, phone: maskPhone(r.phone) })),
  };
}
