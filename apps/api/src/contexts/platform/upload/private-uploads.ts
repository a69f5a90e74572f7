// A private file (medical reports, chat files, repair photos) becomes visible to whoever a record
// holding its path belongs to. So a client-sent path is accepted into a record only from the one who
// uploaded it: every upload into a private folder records its uploader, and the modules that attach
// such paths ask `assertUploadedBy` first (docs/adr/0215-private-uploads-attached-only-by-their-uploader.md).
import type { Db } from '../../../lib/db';
import { forbidden } from '../../../lib/errors';
import { isPrivatePath } from './private-files';
import { PrivateUploadRepository } from './privateUpload.repository';

/** Refused when a record names a private file the caller did not upload (or that does not exist). */
const NOT_YOUR_UPLOAD_MESSAGE = '图片不存在或无权使用，请重新上传';

/** The uploader identity of a customer: the chat identities' form, `c_<customerId>`. */
export const customerUploader = (customerId: string) => `c_${customerId}`;

/** The uploader identity of a staff member, `s_<staffId>`. */
export const staffUploader = (staffId: string) => `s_${staffId}`;

/** Records who uploaded `path`, when it is in a private folder (other folders are public anyway). */
export async function recordPrivateUpload(db: Db, uploader: string, path: string, now: Date): Promise<void> {
  if (isPrivatePath(path)) {
    await new PrivateUploadRepository(db).add(path, uploader, now);
  }
}

/**
 * Throws 40300 (图片不存在或无权使用) unless every private path of `paths` was uploaded by `uploader`
 * (`c_<customerId>` or `s_<staffId>`). Public paths pass: this check is about who may see a file.
 */
export async function assertUploadedBy(db: Db, uploader: string, paths: readonly string[]): Promise<void> {
  const wanted = [...new Set(paths.filter(isPrivatePath))];
  if (wanted.length === 0) {
    return;
  }
  if ((await new PrivateUploadRepository(db).countOwn(uploader, wanted)) !== wanted.length) {
    throw forbidden(NOT_YOUR_UPLOAD_MESSAGE);
  }
}
