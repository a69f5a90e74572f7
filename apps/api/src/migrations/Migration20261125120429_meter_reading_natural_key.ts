import { Migration } from '@mikro-orm/migrations';

// A meter reading is known by its meter and its own id: `(imei, reading_id)`, unique from the
// start, becomes the primary key, and the bigserial `id` goes — every stored reading cost a
// sequence call and a second index entry for it, and nothing looked a reading up by it.
export class Migration20261125120429_meter_reading_natural_key extends Migration {

  override name = 'Migration20261125120429_meter_reading_natural_key';

  override up(): void | Promise<void> {
    this.addSql(`alter table "meter_reading" drop constraint "meter_reading_imei_reading_id_unique";`);
    this.addSql(`alter table "meter_reading" drop constraint "meter_reading_pkey";`);
    this.addSql(`alter table "meter_reading" drop column "id";`);
    this.addSql(`alter table "meter_reading" add primary key ("imei", "reading_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "meter_reading" drop constraint "meter_reading_pkey";`);
    this.addSql(`alter table "meter_reading" add column "id" bigserial primary key;`);
    this.addSql(`alter table "meter_reading" add constraint "meter_reading_imei_reading_id_unique" unique ("imei", "reading_id");`);
  }

}
