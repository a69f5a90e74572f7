import { Migration } from '@mikro-orm/migrations';

export class Migration20261127060912_privateUploads extends Migration {

  override name = 'Migration20261127060912_privateUploads';

  override up(): void | Promise<void> {
    this.addSql(`create table "private_upload" ("path" varchar(200) not null, "uploader" varchar(64) not null, "created_at" timestamptz not null, primary key ("path"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "private_upload" cascade;`);
  }

}
