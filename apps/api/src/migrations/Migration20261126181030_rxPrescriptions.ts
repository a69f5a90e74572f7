import { Migration } from '@mikro-orm/migrations';

export class Migration20261126181030_rxPrescriptions extends Migration {

  override name = 'Migration20261126181030_rxPrescriptions';

  override up(): void | Promise<void> {
    this.addSql(`create table "prescription" ("id" uuid not null, "rx_code" varchar(24) not null, "patient_no" varchar(16) not null, "consult_id" varchar(64) not null, "session_id" uuid null, "customer_id" uuid not null, "doctor_id" int not null, "staff_id" uuid not null, "request_key" varchar(64) not null, "rx_category" varchar(8) not null, "status" smallint not null, "content" text not null, "medicines" jsonb not null, "created_at" timestamptz not null, "reviewed_at" timestamptz null, "reviewer_id" uuid null, "review_reason" varchar(200) null, "expires_at" timestamptz null, "used_at" timestamptz null, "used_by" uuid null, primary key ("id"));`);
    this.addSql(`alter table "prescription" add constraint "prescription_rx_code_unique" unique ("rx_code");`);
    this.addSql(`create index "prescription_customer_id_created_at_index" on "prescription" ("customer_id", "created_at");`);
    this.addSql(`create index "prescription_status_created_at_index" on "prescription" ("status", "created_at");`);
    this.addSql(`create index "prescription_consult_id_index" on "prescription" ("consult_id");`);
    this.addSql(`alter table "prescription" add constraint "prescription_staff_id_request_key_unique" unique ("staff_id", "request_key");`);

    this.addSql(`create table "rx_advice" ("id" uuid not null, "consult_id" varchar(64) not null, "session_id" uuid null, "customer_id" uuid not null, "doctor_id" int not null, "staff_id" uuid not null, "request_key" varchar(64) not null, "content" text not null, "medicines" jsonb not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "rx_advice_customer_id_created_at_index" on "rx_advice" ("customer_id", "created_at");`);
    this.addSql(`create index "rx_advice_consult_id_index" on "rx_advice" ("consult_id");`);
    this.addSql(`alter table "rx_advice" add constraint "rx_advice_staff_id_request_key_unique" unique ("staff_id", "request_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "prescription" cascade;`);
    this.addSql(`drop table if exists "rx_advice" cascade;`);
  }

}
