import { Migration } from '@mikro-orm/migrations';

export class Migration20261122011833_blood_pressure extends Migration {

  override name = 'Migration20261122011833_blood_pressure';

  override up(): void | Promise<void> {
    this.addSql(`create table "blood_pressure_range" ("sort" smallint not null, "name" varchar(16) not null, "sbp_min" smallint not null, "sbp_max" smallint not null, "dbp_min" smallint not null, "dbp_max" smallint not null, primary key ("sort"));`);

    this.addSql(`create table "blood_pressure_test" ("id" bigserial primary key, "customer_id" uuid not null, "recorded_by" uuid not null, "sbp" smallint not null, "dbp" smallint not null, "hr" smallint not null, "remark" varchar(280) not null default '', "measured_at" timestamptz not null, "synckey" varchar(64) null, "device_imei" varchar(20) null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "blood_pressure_test_customer_id_measured_at_index" on "blood_pressure_test" ("customer_id", "measured_at");`);
    this.addSql(`alter table "blood_pressure_test" add constraint "blood_pressure_test_customer_id_synckey_unique" unique ("customer_id", "synckey");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "blood_pressure_range" cascade;`);
    this.addSql(`drop table if exists "blood_pressure_test" cascade;`);
  }

}
