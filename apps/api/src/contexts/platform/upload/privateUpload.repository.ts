import type { Db } from '../../../lib/db';
import { PrivateUpload } from './privateUpload.entity';

/** The uploaders of private files. */
export class PrivateUploadRepository {
  constructor(private readonly db: Db) {}

  async add(path: string, uploader: string, at: Date): Promise<void> {
    await this.db.insert(PrivateUpload, { path, uploader, createdAt: at });
  }

  /** How many of `paths` (distinct) `uploader` uploaded. */
  countOwn(uploader: string, paths: readonly string[]): Promise<number> {
    return this.db.count(PrivateUpload, { uploader, path: { $in: [...paths] } });
  }
}
