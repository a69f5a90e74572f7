import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032129_device extends Migration {

  override name = 'Migration20261122032129_device';

  override up(): void | Promise<void> {
    this.addSql(`create table "device" ("id" bigserial primary key, "imei" varchar(15) not null, "kind" varchar(8) not null, "model" varchar(32) not null default '', "secret_hash" varchar(160) not null, "iccid" varchar(20) null, "name" varchar(10) null, "customer_id" uuid null, "bound_at" timestamptz null, "unbound_at" timestamptz null, "last_seen_at" timestamptz null, "battery" smallint null, "signal" smallint null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "device" add constraint "device_imei_unique" unique ("imei");`);
    this.addSql(`create index "device_customer_id_index" on "device" ("customer_id");`);

    this.addSql(`create table "meter_reading" ("id" bigserial primary key, "imei" varchar(15) not null, "reading_id" varchar(64) not null, "kind" varchar(8) not null, "value" numeric(7,2) null, "unit" varchar(8) null, "sugar" numeric(4,1) null, "time_type" smallint null, "sbp" smallint null, "dbp" smallint null, "hr" smallint null, "measured_at" timestamptz not null, "received_at" timestamptz not null, "out_of_range" varchar(4) null, "customer_id" uuid null, "record_id" bigint null);`);
    this.addSql(`create index "meter_reading_imei_received_at_index" on "meter_reading" ("imei", "received_at");`);
    this.addSql(`alter table "meter_reading" add constraint "meter_reading_imei_reading_id_unique" unique ("imei", "reading_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "device" cascade;`);
    this.addSql(`drop table if exists "meter_reading" cascade;`);
  }

}
