import { defineEntity, p } from '@mikro-orm/core';

/**
 * Who uploaded a file into a private folder (private-files.ts), so that only they can attach it
 * to a record (docs/adr/0215-private-uploads-attached-only-by-their-uploader.md).
 */
export const PrivateUploadSchema = defineEntity({
  name: 'PrivateUpload',
  tableName: 'private_upload',
  properties: {
    /** The stored path as the upload answered it (without press_). */
    path: p.string().length(200).primary(),
    /** `c_<customerId>` or `s_<staffId>` (the chat identities' form). */
    uploader: p.string().length(64),
    createdAt: p.datetime(),
  },
});

export class PrivateUpload extends PrivateUploadSchema.class {}
PrivateUploadSchema.setClass(PrivateUpload);
