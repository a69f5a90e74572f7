import type { EntityManager } from '@mikro-orm/core';
import { sql } from '../../../lib/db';
import { CouponTemplate, CustomerCoupon } from './coupon.entity';

/** A customer's coupon with its template's terms. */
export interface HeldCouponRow {
  id: string;
  templateId: string;
  name: string;
  valueCents: number;
  startAt: Date;
  endAt: Date;
  rangeType: 'all' | 'goods';
  goodsIds: string[];
  reservedAt: Date | null;
  usedAt: Date | null;
  usedOrderId: string | null;
}

/** A template as the console lists it, with its counts and its creator's name. */
export interface TemplateRow {
  template: CouponTemplate;
  issuedCount: number;
  usedCount: number;
  createdByName: string;
}

type RawHeld = {
  id: string;
  template_id: string;
  name: string;
  value_cents: number;
  start_at: Date | string;
  end_at: Date | string;
  range_type: 'all' | 'goods';
  goods_ids: string[] | string;
  reserved_at: Date | string | null;
  used_at: Date | string | null;
  used_order_id: string | null;
};

const asDate = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function heldOf(r: RawHeld): HeldCouponRow {
  return {
    id: String(r.id),
    templateId: String(r.template_id),
    name: r.name,
    valueCents: Number(r.value_cents),
    startAt: asDate(r.start_at),
    endAt: asDate(r.end_at),
    rangeType: r.range_type,
    goodsIds: typeof r.goods_ids === 'string' ? (JSON.parse(r.goods_ids) as string[]) : r.goods_ids,
    reservedAt: r.reserved_at === null ? null : asDate(r.reserved_at),
    usedAt: r.used_at === null ? null : asDate(r.used_at),
    usedOrderId: r.used_order_id,
  };
}

const HELD_SELECT =
  'select c.id, c.template_id, t.name, t.value_cents, t.start_at, t.end_at, t.range_type, t.goods_ids, ' +
  'c.reserved_at, c.used_at, c.used_order_id from customer_coupon c join coupon_template t on t.id = c.template_id ';

/** Coupon templates and the coupons customers hold; every customer query is bound to the customer. */
export class CouponRepository {
  constructor(private readonly em: EntityManager) {}

  /** Every coupon the customer holds (a handful: the lists page them in memory). */
  async heldBy(customerId: string): Promise<HeldCouponRow[]> {
    const rows = await sql(this.em).execute<RawHeld[]>(`${HELD_SELECT}where c.customer_id = ? order by c.id desc`, [
      customerId,
    ]);
    return rows.map(heldOf);
  }

  /** One of the customer's coupons, locked for the order's transaction; null for a missing one or someone else's. */
  async ownForUpdate(customerId: string, couponId: string): Promise<HeldCouponRow | null> {
    const rows = await sql(this.em).execute<RawHeld[]>(
      `${HELD_SELECT}where c.id = ? and c.customer_id = ? for update of c`,
      [couponId, customerId],
    );
    return rows[0] ? heldOf(rows[0]) : null;
  }

  /** Holds the coupon for an order: only when it is neither held nor used. */
  async reserve(couponId: string, now: Date): Promise<boolean> {
    return (
      (await this.em.nativeUpdate(
        CustomerCoupon,
        { id: couponId, reservedAt: null, usedAt: null },
        { reservedAt: now },
      )) > 0
    );
  }

  /** Lets the coupon go again (the order was cancelled or timed out); a used one stays used. */
  async release(customerId: string, couponId: string): Promise<void> {
    await this.em.nativeUpdate(CustomerCoupon, { id: couponId, customerId, usedAt: null }, { reservedAt: null });
  }

  /** Uses the coupon up for the order; false when it was already used. */
  async consume(customerId: string, couponId: string, orderId: string, now: Date): Promise<boolean> {
    return (
      (await this.em.nativeUpdate(
        CustomerCoupon,
        { id: couponId, customerId, usedAt: null },
        { usedAt: now, usedOrderId: orderId, reservedAt: null },
      )) > 0
    );
  }

  createTemplate(data: Omit<CouponTemplate, 'id'>): CouponTemplate {
    return this.em.create(CouponTemplate, data);
  }

  async flush(): Promise<void> {
    await this.em.flush();
  }

  template(id: string): Promise<CouponTemplate | null> {
    return this.em.findOne(CouponTemplate, { id });
  }

  /** A page of templates, newest first, with their counts and creators. */
  async templates(keyword: string, offset: number, limit: number): Promise<{ rows: TemplateRow[]; total: number }> {
    const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const [templates, total] = await this.em.findAndCount(CouponTemplate, like ? { name: { $ilike: like } } : {}, {
      orderBy: [{ id: 'desc' }],
      offset,
      limit,
    });
    if (templates.length === 0) {
      return { rows: [], total };
    }
    const ids = templates.map((t) => t.id);
    const counts = await sql(this.em).execute<{ template_id: string; issued: string; used: string }[]>(
      'select template_id, count(*) as issued, count(used_at) as used from customer_coupon ' +
        `where template_id in (${ids.map(() => '?').join(',')}) group by template_id`,
      ids,
    );
    const staffIds = [...new Set(templates.map((t) => t.createdBy))];
    const names = await sql(this.em).execute<{ id: string; name: string }[]>(
      `select id, coalesce(nullif(display_name, ''), username) as name from staff where id in (${staffIds.map(() => '?').join(',')})`,
      staffIds,
    );
    const byTemplate = new Map(counts.map((c) => [String(c.template_id), c]));
    const byStaff = new Map(names.map((n) => [n.id, n.name]));
    return {
      rows: templates.map((t) => ({
        template: t,
        issuedCount: Number(byTemplate.get(t.id)?.issued ?? 0),
        usedCount: Number(byTemplate.get(t.id)?.used ?? 0),
        createdByName: byStaff.get(t.createdBy) ?? '',
      })),
      total,
    };
  }

  /** Gives the template to the listed registered customers who lack it; returns those who got it now. */
  async issueTo(templateId: string, customerIds: readonly string[], now: Date): Promise<string[]> {
    const rows = await sql(this.em).execute<{ customer_id: string }[]>(
      'insert into customer_coupon (template_id, customer_id, issued_at) ' +
        'select ?, c.id, ? from customer c where c.id = any(?::uuid[]) and c.registered_at is not null and c.closed_at is null ' +
        'on conflict (template_id, customer_id) do nothing returning customer_id',
      [templateId, now, `{${customerIds.join(',')}}`],
    );
    return rows.map((r) => r.customer_id);
  }

  /** Gives the template to every registered customer who lacks it; returns those who got it now. */
  async issueToAll(templateId: string, now: Date): Promise<string[]> {
    const rows = await sql(this.em).execute<{ customer_id: string }[]>(
      'insert into customer_coupon (template_id, customer_id, issued_at) ' +
        'select ?, c.id, ? from customer c where c.registered_at is not null and c.closed_at is null ' +
        'on conflict (template_id, customer_id) do nothing returning customer_id',
      [templateId, now],
    );
    return rows.map((r) => r.customer_id);
  }

  /** Which of the ids name goods of the mall (GOODS-API's `goods` table; ids are integers there). */
  async knownGoods(goodsIds: readonly string[]): Promise<Set<string>> {
    const ids = goodsIds.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
    if (ids.length === 0) {
      return new Set();
    }
    const rows = await sql(this.em).execute<{ id: number }[]>(
      `select id from goods where id in (${ids.map(() => '?').join(',')})`,
      ids,
    );
    return new Set(rows.map((r) => String(r.id)));
  }

  /** Registered customers whose phone starts with, or nickname contains, the keyword; at most 20. */
  async recipients(keyword: string): Promise<{ id: string; nickname: string; phone: string | null }[]> {
    const escaped = keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    return sql(this.em).execute(
      'select id, nickname, phone from customer where registered_at is not null and closed_at is null ' +
        'and (phone like ? or nickname ilike ?) order by registered_at desc limit 20',
      [`${escaped}%`, `%${escaped}%`],
    );
  }
}
