import { defineEntity, p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/**
 * A link that lets anyone holding it read one table of the owner's data for a while. The link
 * carries a random token (only its hash is stored), never the owner's id; the owner can revoke it.
 */
export const ShareLinkSchema = defineEntity({
  name: 'ShareLink',
  tableName: 'share_link',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    customerId: p.uuid().index(),
    /** sugar or bloodPressure. */
    kind: p.string().length(16),
    tokenHash: p.string().length(64).unique(),
    title: p.string().length(40).default(''),
    /** The readings shared: [rangeStart, rangeEnd]. */
    rangeStart: p.datetime(),
    rangeEnd: p.datetime(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});

export class ShareLink extends ShareLinkSchema.class {}
ShareLinkSchema.setClass(ShareLink);
