import { defineEntity, p } from '@mikro-orm/core';

/**
 * An in-app notice: a followed patient's reading (sent to each follower whose switch is on), a
 * request to follow (to the patient) or an accepted request (to the relative). Reading notices
 * may also go out through the messaging app; the row is then also the push's outbox entry, so a
 * reading saved by the app or by a meter is pushed after its transaction commits, retried when
 * the provider fails, and sent by one API instance only.
 */
export const NoticeSchema = defineEntity({
  name: 'Notice',
  tableName: 'notice',
  indexes: [
    { properties: ['recipientId', 'createdAt'] },
    { properties: ['pushStatus', 'pushNextAt'] },
    // Deleting a reading withdraws its notices: found by reading id, only reading notices take an entry.
    {
      name: 'notice_reading_id_index',
      expression: 'create index "notice_reading_id_index" on "notice" ("reading_id") where "reading_id" is not null',
    },
  ],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    recipientId: p.uuid(),
    /** reading, followRequest or followAccepted. */
    kind: p.string().length(16),
    /** The patient the notice is about (the one who measured, asked or accepted). */
    subjectId: p.uuid(),
    /** The reading's post kind ('s' glucose, 'b' pressure) and id, for reading notices. */
    readingKind: p.string().length(1).nullable(),
    readingId: p.bigint('string').nullable(),
    urgent: p.boolean().default(false),
    title: p.string().length(80),
    text: p.string().length(240),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    /** none (no push), pending, sending (claimed until pushNextAt), sent, skipped or failed. */
    pushStatus: p.string().length(8).default('none'),
    pushAttempts: p.smallint().default(0),
    pushNextAt: p.datetime().nullable(),
    pushedAt: p.datetime().nullable(),
    pushError: p.string().length(200).nullable(),
    /** The reading as the messaging app's template shows it (domain `readingPushFields`). */
    pushData: p.json<Record<string, string>>().nullable(),
    /** The in-app address the notice opens when it names one (a repair notice: its request's detail page). */
    link: p.string().length(120).nullable(),
  },
});

export class Notice extends NoticeSchema.class {}
NoticeSchema.setClass(Notice);
