import { defineEntity, p } from '@mikro-orm/core';

/**
 * One relative following one patient (spec 2 §3 "Friend"), with the patient's consent as its state
 * (domain `FOLLOW_STATUSES`): nothing of the patient's is shown to the follower unless `status` is
 * `accepted`. One row per pair; asking again after a decline, revoke or leave reuses it.
 */
export const FollowSchema = defineEntity({
  name: 'Follow',
  tableName: 'follow',
  uniques: [{ properties: ['followerId', 'patientId'] }],
  indexes: [{ properties: ['patientId', 'status'] }, { properties: ['followerId', 'status'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    /** The relative who asked (the spec's caller of addFocus). */
    followerId: p.uuid(),
    /** The patient followed (the spec's Friend.customerId). */
    patientId: p.uuid(),
    /** pending, accepted, declined, revoked or left. */
    status: p.string().length(10),
    /** The follower's note name for the patient; the nickname is shown while it is null. */
    customerNote: p.string().length(40).nullable(),
    /** The follower's switch for notices of the patient's readings (the spec's isReceive). */
    isReceive: p.boolean().default(true),
    requestedAt: p.datetime(),
    /** When the patient accepted, declined or revoked, or the follower left. */
    decidedAt: p.datetime().nullable(),
    acceptedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class Follow extends FollowSchema.class {}
FollowSchema.setClass(Follow);
