import { Migration } from '@mikro-orm/migrations';

export class Migration20261122012031_records extends Migration {

  override name = 'Migration20261122012031_records';

  override up(): void | Promise<void> {
    this.addSql(`create table "ketone_test" ("id" bigserial primary key, "customer_id" uuid not null, "ketone" numeric(3,1) not null, "remark" varchar(100) not null default '', "measured_at" timestamptz not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "ketone_test_customer_id_measured_at_index" on "ketone_test" ("customer_id", "measured_at");`);

    this.addSql(`create table "uric_acid_test" ("id" bigserial primary key, "customer_id" uuid not null, "urine" numeric(4,0) not null, "remark" varchar(100) not null default '', "measured_at" timestamptz not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "uric_acid_test_customer_id_measured_at_index" on "uric_acid_test" ("customer_id", "measured_at");`);

    this.addSql(`create table "weight_record" ("id" bigserial primary key, "customer_id" uuid not null, "weight_kg" numeric(5,2) not null, "height_cm" numeric(4,1) not null, "bmi" numeric(6,2) not null, "measured_at" timestamptz not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "weight_record_customer_id_measured_at_index" on "weight_record" ("customer_id", "measured_at");`);

    this.addSql(`alter table "customer" alter column "weight_kg" type numeric(5,2) using ("weight_kg"::numeric(5,2));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "ketone_test" cascade;`);
    this.addSql(`drop table if exists "uric_acid_test" cascade;`);
    this.addSql(`drop table if exists "weight_record" cascade;`);

    this.addSql(`alter table "customer" alter column "weight_kg" type numeric(5,1) using ("weight_kg"::numeric(5,1));`);
  }

}
