import { Migration } from '@mikro-orm/migrations';

export class Migration20261122011501_sugar extends Migration {

  override name = 'Migration20261122011501_sugar';

  override up(): void | Promise<void> {
    this.addSql(`create table "sugar_objective" ("id" bigserial primary key, "customer_id" uuid not null, "time_type" smallint not null, "min_value" numeric(4,1) not null, "low_value" numeric(4,1) not null, "high_value" numeric(4,1) not null, "max_value" numeric(4,1) not null);`);
    this.addSql(`alter table "sugar_objective" add constraint "sugar_objective_customer_id_time_type_unique" unique ("customer_id", "time_type");`);

    this.addSql(`create table "sugar_slot" ("time_type" smallint not null, "name" varchar(16) not null, "code" varchar(32) not null, "start_time" varchar(8) not null, "end_time" varchar(8) not null, "min_value" numeric(4,1) not null, "low_value" numeric(4,1) not null, "high_value" numeric(4,1) not null, "max_value" numeric(4,1) not null, primary key ("time_type"));`);

    this.addSql(`create table "sugar_test" ("id" bigserial primary key, "customer_id" uuid not null, "recorded_by" uuid not null, "time_type" smallint not null, "sugar" numeric(4,1) not null, "remark" varchar(200) not null default '', "tags" jsonb not null, "measured_at" timestamptz not null, "synckey" varchar(64) null, "device_imei" varchar(20) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "sugar_test_customer_id_measured_at_index" on "sugar_test" ("customer_id", "measured_at");`);
    this.addSql(`alter table "sugar_test" add constraint "sugar_test_customer_id_synckey_unique" unique ("customer_id", "synckey");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sugar_objective" cascade;`);
    this.addSql(`drop table if exists "sugar_slot" cascade;`);
    this.addSql(`drop table if exists "sugar_test" cascade;`);
  }

}
