import { Migration } from '@mikro-orm/migrations';

export class Migration20261126181312_consult extends Migration {

  override name = 'Migration20261126181312_consult';

  override up(): void | Promise<void> {
    this.addSql(`create table "consult" ("id" uuid not null, "customer_id" uuid not null, "doctor_id" int not null, "service_id" int not null, "service_name" varchar(32) not null, "service_type" smallint not null, "service_interval" int null, "price_cents" int not null, "status" smallint not null default -1, "session_id" uuid not null, "intent_id" uuid null, "created_at" timestamptz not null, "paid_at" timestamptz null, "submitted_at" timestamptz null, "accepted_at" timestamptz null, "accepted_by" uuid null, "ends_at" timestamptz null, "ended_at" timestamptz null, "cancelled_at" timestamptz null, "cancel_reason" varchar(120) null, "diagnostic_info" jsonb null, "allergic_history" jsonb null, "drug_store_id" int null, primary key ("id"));`);
    this.addSql(`alter table "consult" add constraint "consult_session_id_unique" unique ("session_id");`);
    this.addSql(`create index "consult_customer_id_doctor_id_created_at_index" on "consult" ("customer_id", "doctor_id", "created_at");`);
    this.addSql(`create index "consult_doctor_id_status_index" on "consult" ("doctor_id", "status");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "consult" cascade;`);
  }

}
