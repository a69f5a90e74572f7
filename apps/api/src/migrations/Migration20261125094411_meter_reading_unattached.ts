import { Migration } from '@mikro-orm/migrations';

export class Migration20261125094411_meter_reading_unattached extends Migration {

  override name = 'Migration20261125094411_meter_reading_unattached';

  override up(): void | Promise<void> {
    this.addSql(`drop index "meter_reading_imei_received_at_index";`);
    this.addSql(`create index "meter_reading_unattached_index" on "meter_reading" ("imei", "measured_at") where "record_id" is null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "meter_reading_unattached_index";`);
    this.addSql(`create index "meter_reading_imei_received_at_index" on "meter_reading" ("imei", "received_at");`);
  }

}
