import { Migration } from '@mikro-orm/migrations';

// The change feed's retention watermarks (docs/adr/0233): per patient, and for the whole feed in
// the nil uuid's row, the highest (xid, id) that retention deleted.

export class Migration20261127134359_openChangeRetention extends Migration {

  override name = 'Migration20261127134359_openChangeRetention';

  override up(): void | Promise<void> {
    this.addSql(`create table "open_change_retention" ("customer_id" uuid not null, "xid" xid8 not null, "change_id" bigint not null, "pruned_at" timestamptz not null, primary key ("customer_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "open_change_retention" cascade;`);
  }

}
