import { Migration } from '@mikro-orm/migrations';

// Deleting a reading withdraws its notices (and a push still queued) by reading id; only reading
// notices take an entry.

export class Migration20261126052041_notice_reading_index extends Migration {

  override name = 'Migration20261126052041_notice_reading_index';

  override up(): void | Promise<void> {
    this.addSql(`create index "notice_reading_id_index" on "notice" ("reading_id") where "reading_id" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "notice_reading_id_index";`);
  }

}
