import { Migration } from '@mikro-orm/migrations';

export class Migration20261126215144_medicationRecord extends Migration {

  override name = 'Migration20261126215144_medicationRecord';

  override up(): void | Promise<void> {
    this.addSql(`create table "medication_record" ("id" bigserial primary key, "customer_id" uuid not null, "medicine_id" int not null, "product_name" varchar(64) not null, "medicine_name" varchar(64) not null, "specification" varchar(64) not null, "dosage_unit" varchar(8) not null, "packing_unit" varchar(8) not null, "record_time" timestamptz not null, "dosage" varchar(10) not null, "usaged" varchar(8) not null, "rate" varchar(8) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "medication_record_customer_id_record_time_index" on "medication_record" ("customer_id", "record_time");`);
    this.addSql(`create index "medication_record_customer_id_updated_at_index" on "medication_record" ("customer_id", "updated_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "medication_record" cascade;`);
  }

}
