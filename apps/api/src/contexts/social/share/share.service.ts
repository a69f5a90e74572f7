import type { Db } from '../../../lib/db';
import type { BodyOf } from '../../../lib/contract';
import { createHash, randomBytes } from 'node:crypto';
import {
  BP_COLOR,
  classifyBloodPressure,
  classifySugar,
  emojiCheck,
  firstFailure,
  formatChinaTime,
  maskPatientName,
  parseChinaDateTime,
  sugarBand,
} from '@glucoguard/domain';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { assertValid } from '../../../lib/validate';
import { CustomerRepository, type Customer } from '../../identity';
import { bloodPressureVo, ranges as pressureRanges, rangesFor, sugarTestVo } from '../../health';
import type { ShareLink } from './shareLink.entity';
import { ShareLinkRepository } from './shareLink.repository';

export type ShareKind = 'sugar' | 'bloodPressure';

const DAY = 24 * 3600 * 1000;
/** How long a link may live; a week unless the owner asks for less or more. */
export const SHARE_VALIDITY = { defaultDays: 7, maxDays: 30 } as const;
/** The largest period one link may share. */
const MAX_SPAN_DAYS = 366;
const MAX_ROWS = 2000;
const GONE = '分享链接已失效';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a link for one table of the caller's readings over [start, end]. */
export async function createShare(em: Db, customerId: string, input: BodyOf<'createShare'>, now: Date) {
  const start = parseChinaDateTime(input.createStartTime);
  const end = parseChinaDateTime(input.createEndTime);
  if (!start || !end || start.getTime() > end.getTime()) {
    throw new AppError(ErrorCodes.badRequest, '请选择正确的分享时间范围');
  }
  if (end.getTime() - start.getTime() > MAX_SPAN_DAYS * DAY) {
    throw new AppError(ErrorCodes.badRequest, '分享时间范围不能超过一年');
  }
  assertValid(firstFailure([() => emojiCheck('title', input.title)]));
  const token = randomBytes(24).toString('base64url');
  const link = await new ShareLinkRepository(em).add({
    customerId,
    kind: input.kind,
    tokenHash: hash(token),
    title: (input.title ?? '').trim(),
    rangeStart: start,
    rangeEnd: end,
    createdAt: now,
    expiresAt: new Date(now.getTime() + (input.days ?? SHARE_VALIDITY.defaultDays) * DAY),
  });
  return { shareId: link.id, token, expiresAt: link.expiresAt.toISOString() };
}

export async function listShares(em: Db, customerId: string, now: Date) {
  const links = await new ShareLinkRepository(em).openOf(customerId, now);
  return links.map((l) => ({
    shareId: l.id,
    kind: l.kind as ShareKind,
    title: l.title,
    shareStartTime: formatChinaTime(l.rangeStart),
    shareEndTime: formatChinaTime(l.rangeEnd),
    expiresAt: l.expiresAt.toISOString(),
  }));
}

/** Revokes one of the caller's links; someone else's answers like a missing one. */
export async function revokeShare(em: Db, customerId: string, shareId: string, now: Date) {
  const repo = new ShareLinkRepository(em);
  const link = /^[0-9a-f-]{36}$/.test(shareId) ? await repo.findById(shareId) : null;
  if (!link || link.customerId !== customerId) {
    throw notFound('分享不存在');
  }
  link.revokedAt ??= now;
  await repo.save();
  return { ok: true as const };
}

async function openLink(em: Db, token: string, kind: ShareKind, now: Date) {
  const link =
    token.length >= 20 && token.length <= 64 ? await new ShareLinkRepository(em).findByTokenHash(hash(token)) : null;
  if (!link || link.kind !== kind || link.revokedAt || link.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(ErrorCodes.notFound, GONE, 404);
  }
  const owner = await new CustomerRepository(em).get(link.customerId);
  return { link, owner };
}

const header = (link: ShareLink, owner: Customer, dataTypeName: string) => ({
  nickname: maskPatientName(owner.nickname || '用户'),
  title: link.title,
  dataTypeName,
  shareStartTime: formatChinaTime(link.rangeStart),
  shareEndTime: formatChinaTime(link.rangeEnd),
});

/** The public sugar table behind a link: masked name, counts and the readings, newest first. */
export async function sharedSugarTable(em: Db, token: string, now: Date) {
  const { link, owner } = await openLink(em, token, 'sugar', now);
  const [readings, { range }] = await Promise.all([
    new ShareLinkRepository(em).sugarReadings(owner.id, link.rangeStart, link.rangeEnd, MAX_ROWS),
    rangesFor(em, owner.id),
  ]);
  const counts = { totalData: readings.length, normalShareCount: 0, lowCount: 0, highShareCount: 0 };
  const items = readings.map((r) => {
    const slot = range(r.timeType);
    const level = slot ? classifySugar(r.sugar, slot) : null;
    const band = level ? sugarBand(level) : null;
    if (band === 'normal') {
      counts.normalShareCount += 1;
    } else if (band === 'low') {
      counts.lowCount += 1;
    } else if (band === 'high') {
      counts.highShareCount += 1;
    }
    const { customerId: _owner, synckey: _key, ...shown } = sugarTestVo(r, level);
    return shown;
  });
  return { ...header(link, owner, '血糖'), ...counts, items };
}

/** The public pressure table behind a link. */
export async function sharedPressureTable(em: Db, token: string, now: Date) {
  const { link, owner } = await openLink(em, token, 'bloodPressure', now);
  const [readings, config] = await Promise.all([
    new ShareLinkRepository(em).pressureReadings(owner.id, link.rangeStart, link.rangeEnd, MAX_ROWS),
    pressureRanges(em),
  ]);
  const counts = { totalData: readings.length, normalShareCount: 0, lowCount: 0, highShareCount: 0 };
  const items = readings.map((r) => {
    const level = classifyBloodPressure(r.sbp, r.dbp, config);
    const color = level ? BP_COLOR[level] : null;
    if (color === BP_COLOR.normal) {
      counts.normalShareCount += 1;
    } else if (color === BP_COLOR.low) {
      counts.lowCount += 1;
    } else if (color === BP_COLOR.high) {
      counts.highShareCount += 1;
    }
    const { customerId: _owner, synckey: _key, ...shown } = bloodPressureVo(r, level);
    return shown;
  });
  return { ...header(link, owner, '血压'), ...counts, items };
}
