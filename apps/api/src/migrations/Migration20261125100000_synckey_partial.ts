import { Migration } from '@mikro-orm/migrations';

// A synckey is unique per customer, but most readings have none (every meter reading, most hand
// entries): the unique index keeps only the rows that have one.
export class Migration20261125100000_synckey_partial extends Migration {

  override name = 'Migration20261125100000_synckey_partial';

  override up(): void | Promise<void> {
    this.addSql(`alter table "sugar_test" drop constraint "sugar_test_customer_id_synckey_unique";`);
    this.addSql(`create unique index "sugar_test_customer_id_synckey_unique" on "sugar_test" ("customer_id", "synckey") where "synckey" is not null;`);
    this.addSql(`alter table "blood_pressure_test" drop constraint "blood_pressure_test_customer_id_synckey_unique";`);
    this.addSql(`create unique index "blood_pressure_test_customer_id_synckey_unique" on "blood_pressure_test" ("customer_id", "synckey") where "synckey" is not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "sugar_test_customer_id_synckey_unique";`);
    this.addSql(`alter table "sugar_test" add constraint "sugar_test_customer_id_synckey_unique" unique ("customer_id", "synckey");`);
    this.addSql(`drop index "blood_pressure_test_customer_id_synckey_unique";`);
    this.addSql(`alter table "blood_pressure_test" add constraint "blood_pressure_test_customer_id_synckey_unique" unique ("customer_id", "synckey");`);
  }

}
