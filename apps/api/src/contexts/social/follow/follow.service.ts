import {
  FOLLOW_MESSAGES,
  FRIEND_MESSAGES,
  auditStatusOf,
  followTransition,
  formatChinaTime,
  grantsAccess,
  isLiveFollow,
  maskPersonName,
  maskPhone,
  validateFriendNote,
  validateFriendSearch,
  type FollowAction,
  type FollowStatus,
} from '@glucoguard/domain';
import { AppError, ErrorCodes, forbidden } from '../../../lib/errors';
import type { BodyOf } from '../../../lib/contract';
import { withSubjectLock, type Db } from '../../../lib/db';
import { pageOf } from '../../../lib/list';
import { assertValid } from '../../../lib/validate';
import { noticeOfFollow } from '../notice/notice.service';
import { takeRateLimit } from '../../platform';
import type { ActingForPolicy } from '../../health';
import { FollowRepository, isCustomerId, type FollowRow } from './follow.repository';

/** Phone searches a customer may make: each answers whether a phone is registered, so they are limited. */
const SEARCH_LIMIT = { max: 30, windowMs: 60 * 60 * 1000, message: FOLLOW_MESSAGES.searchTooOften };

const followGone = () => new AppError(ErrorCodes.notFound, FOLLOW_MESSAGES.notFound, 404);
const userGone = () => new AppError(ErrorCodes.notFound, FRIEND_MESSAGES.unknownUser, 404);

/**
 * Refuses unless the caller may see (and record for) the patient: the caller is the patient, or
 * holds the patient's accepted follow. Everything a relative reads or writes about a patient
 * passes here, so a decline or revoke takes effect on the next request.
 */
export async function assertGrant(
  em: Db,
  callerId: string,
  patientId: string,
  message: string = FOLLOW_MESSAGES.noGrant,
): Promise<void> {
  if (patientId === callerId) {
    return;
  }
  if (!grantsAccess(await new FollowRepository(em).statusOf(callerId, patientId))) {
    throw forbidden(message);
  }
}

/**
 * The follow context's answer to the readings core's acting-for question (docs/adr/0011): a
 * relative may record a reading for a patient who accepted their follow; refused with 40300
 * (FOLLOW_MESSAGES.cannotRecordFor) otherwise. Registered in apps/api/src/composition.ts.
 */
export const followActingFor: ActingForPolicy = {
  assertMayActFor: (db, callerId, patientId) => assertGrant(db, callerId, patientId, FOLLOW_MESSAGES.cannotRecordFor),
};

/** A follow as the relative's list shows it (spec 2 §3 "Friend"). */
export function friendVo(row: FollowRow) {
  return {
    id: row.id,
    customerId: row.patientId,
    customerNote: row.customerNote || row.nickname,
    nickname: row.nickname,
    customerHeadimgurl: row.headimgurl,
    sex: row.sex as 0 | 1 | 2,
    isReceive: row.isReceive ? (1 as const) : (0 as const),
    auditStatus: auditStatusOf(row.status) as 0 | 1,
  };
}

/** A follow as the patient's list shows it: who asked, their masked phone, when. */
export function followerVo(row: FollowRow) {
  return {
    id: row.id,
    customerId: row.followerId,
    nickname: row.nickname,
    headimgurl: row.headimgurl,
    sex: row.sex as 0 | 1 | 2,
    phone: maskPhone(row.phone),
    auditStatus: auditStatusOf(row.status) as 0 | 1,
    requestTime: formatChinaTime(row.requestedAt),
    acceptTime: row.acceptedAt ? formatChinaTime(row.acceptedAt) : null,
  };
}

/** Finds a registered customer by phone and says where the caller stands with them (spec: queryByPhone). */
export async function searchByPhone(em: Db, callerId: string, phone: string, now: Date) {
  const trimmed = phone.trim();
  assertValid(validateFriendSearch(trimmed));
  await takeRateLimit(em, 'friendSearch', callerId, [SEARCH_LIMIT], now);
  const target = await new FollowRepository(em).registeredCustomer({ phone: trimmed });
  if (!target) {
    return { isSelfFlag: false, existsFlag: false, customerVo: null, auditStatus: null };
  }
  const shown = (revealed: boolean) => ({
    customerId: target.id,
    // Typing a number must not tell who owns it: name and number stay masked until the owner accepts.
    nickname: revealed ? target.nickname : maskPersonName(target.nickname),
    phone: revealed ? trimmed : maskPhone(trimmed),
    headimgurl: target.headimgurl,
    sex: target.sex as 0 | 1 | 2,
  });
  if (target.id === callerId) {
    return { isSelfFlag: true, existsFlag: true, customerVo: shown(true), auditStatus: null };
  }
  const auditStatus = auditStatusOf(await new FollowRepository(em).statusOf(callerId, target.id));
  return { isSelfFlag: false, existsFlag: true, customerVo: shown(auditStatus === 1), auditStatus };
}

/**
 * Asks a patient for consent (spec: addFocus). Nothing is shared until the patient accepts; the
 * patient gets a notice when a request is new (not for a repeated tap while it waits).
 */
export async function requestFollow(em: Db, callerId: string, patientId: string, now: Date) {
  if (patientId === callerId) {
    throw new AppError(ErrorCodes.badRequest, FRIEND_MESSAGES.self);
  }
  if (!isCustomerId(patientId)) {
    throw userGone();
  }
  return withSubjectLock(em, `follow:${callerId}:${patientId}`, async (tx) => {
    const repo = new FollowRepository(tx);
    if (!(await repo.registeredCustomer({ id: patientId }))) {
      throw userGone();
    }
    const existing = await repo.findPair(callerId, patientId);
    const before = (existing?.status as FollowStatus | undefined) ?? null;
    const step = followTransition(before, 'request');
    if (!step.ok) {
      throw new AppError(ErrorCodes.conflict, FOLLOW_MESSAGES.alreadyAdded, 409);
    }
    const follow =
      existing ??
      repo.create({
        followerId: callerId,
        patientId,
        status: step.next,
        customerNote: null,
        isReceive: true,
        requestedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    Object.assign(follow, { status: step.next, requestedAt: now, decidedAt: null, acceptedAt: null, updatedAt: now });
    await repo.save();
    if (before !== 'pending') {
      const nickname = await repo.nickname(callerId);
      await noticeOfFollow(tx, 'followRequest', patientId, { id: callerId, nickname }, now);
    }
    return { id: follow.id, auditStatus: 0 as const };
  });
}

/** The people the caller follows or asked to follow, newest first (spec: queryIFocus). */
export async function pageFollowing(em: Db, callerId: string, pageNo: number, pageSize: number) {
  const [rows, total] = await new FollowRepository(em).page(
    'follower',
    callerId,
    ['accepted', 'pending'],
    pageNo,
    pageSize,
  );
  return pageOf(rows.map(friendVo), total, pageNo, pageSize);
}

/** One of the caller's live follows; anything else (missing, someone else's, ended) is 40400. */
async function ownFollowing(em: Db, callerId: string, id: string): Promise<FollowRow> {
  const row = await new FollowRepository(em).one('follower', id);
  if (!row || row.followerId !== callerId || !isLiveFollow(row.status)) {
    throw followGone();
  }
  return row;
}

export async function getFollowing(em: Db, callerId: string, id: string) {
  return friendVo(await ownFollowing(em, callerId, id));
}

/** Changes the note name or the notice switch of one of the caller's follows (spec: editIFocus). */
export async function editFollowing(em: Db, callerId: string, input: BodyOf<'editIFocus'>, now: Date) {
  if (input.customerNote === undefined && input.isReceive === undefined) {
    throw new AppError(ErrorCodes.badRequest, '请选择要修改的内容');
  }
  if (input.customerNote !== undefined) {
    assertValid(validateFriendNote(input.customerNote));
  }
  await ownFollowing(em, callerId, input.id);
  const repo = new FollowRepository(em);
  const follow = (await repo.findById(input.id))!;
  if (input.customerNote !== undefined) {
    follow.customerNote = input.customerNote.trim();
  }
  if (input.isReceive !== undefined) {
    follow.isReceive = input.isReceive === 1;
  }
  follow.updatedAt = now;
  await repo.save();
  return getFollowing(em, callerId, input.id);
}

/** The relative stops following, or withdraws a request (spec: del). */
export async function leaveFollowing(em: Db, callerId: string, id: string, now: Date) {
  const repo = new FollowRepository(em);
  const follow = await repo.findById(id);
  if (!follow || follow.followerId !== callerId) {
    throw followGone();
  }
  const step = followTransition(follow.status as FollowStatus, 'leave');
  if (!step.ok) {
    throw followGone();
  }
  Object.assign(follow, { status: step.next, decidedAt: now, updatedAt: now });
  await repo.save();
  return { ok: true as const };
}

/** Requests waiting for the caller's decision, newest first. */
export async function pageRequests(em: Db, callerId: string, pageNo: number, pageSize: number) {
  const [rows, total] = await new FollowRepository(em).page('patient', callerId, ['pending'], pageNo, pageSize);
  return pageOf(rows.map(followerVo), total, pageNo, pageSize);
}

/** The people the caller lets see their data. */
export async function pageFollowers(em: Db, callerId: string, pageNo: number, pageSize: number) {
  const [rows, total] = await new FollowRepository(em).page('patient', callerId, ['accepted'], pageNo, pageSize);
  return pageOf(rows.map(followerVo), total, pageNo, pageSize);
}

/**
 * The patient accepts, declines or revokes a follow of theirs. Someone else's follow answers like
 * a missing one; a request already decided answers 40900 该申请已处理.
 */
export async function decideFollow(
  em: Db,
  callerId: string,
  id: string,
  action: Extract<FollowAction, 'accept' | 'decline' | 'revoke'>,
  now: Date,
) {
  const repo = new FollowRepository(em);
  const follow = await repo.findById(id);
  if (!follow || follow.patientId !== callerId) {
    throw followGone();
  }
  const step = followTransition(follow.status as FollowStatus, action);
  if (!step.ok) {
    throw step.reason === 'alreadyHandled'
      ? new AppError(ErrorCodes.conflict, FOLLOW_MESSAGES.alreadyHandled, 409)
      : followGone();
  }
  Object.assign(follow, {
    status: step.next,
    decidedAt: now,
    updatedAt: now,
    ...(action === 'accept' && { acceptedAt: now }),
  });
  await repo.save();
  if (action === 'accept') {
    const nickname = await repo.nickname(callerId);
    await noticeOfFollow(em, 'followAccepted', follow.followerId, { id: callerId, nickname }, now);
  }
  return follow;
}

/** Accepts a request and answers the new follower as the patient's list shows them. */
export async function acceptFollow(em: Db, callerId: string, id: string, now: Date) {
  await decideFollow(em, callerId, id, 'accept', now);
  return followerVo((await new FollowRepository(em).one('patient', id)) as FollowRow);
}
