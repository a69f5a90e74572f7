import { Migration } from '@mikro-orm/migrations';

// The key of meter_reading is compared bytewise (collation "C"): IMEIs are digits and reading ids
// printable ASCII, so no order but the bytes' is wanted, and the primary key's index compares them
// for every stored reading — under the database's default collation each comparison went through
// strcoll (5–7 % of the ingest statement's CPU with C.UTF-8, more with a language's collation).
// Equality, and so uniqueness, is the same under both. Writes the index anew.
export class Migration20261125124000_meter_reading_key_collation extends Migration {

  override name = 'Migration20261125124000_meter_reading_key_collation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "meter_reading" alter column "imei" type varchar(15) collate "C", alter column "reading_id" type varchar(64) collate "C";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "meter_reading" alter column "imei" type varchar(15) collate "default", alter column "reading_id" type varchar(64) collate "default";`);
  }

}
