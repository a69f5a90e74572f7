import { Migration } from '@mikro-orm/migrations';

export class Migration20261126215126_monitorPlan extends Migration {

  override name = 'Migration20261126215126_monitorPlan';

  override up(): void | Promise<void> {
    this.addSql(`create table "monitor_plan" ("id" uuid not null, "customer_id" uuid not null, "doctor_id" int not null, "doctor_name" varchar(64) not null, "staff_id" uuid not null, "consult_id" uuid not null, "description" varchar(200) not null, "created_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "monitor_plan_customer_id_created_at_index" on "monitor_plan" ("customer_id", "created_at");`);
    this.addSql(`create index "monitor_plan_doctor_id_customer_id_created_at_index" on "monitor_plan" ("doctor_id", "customer_id", "created_at");`);

    this.addSql(`create table "monitor_plan_slot" ("plan_id" uuid not null, "date" varchar(10) not null, "time_type" smallint not null, primary key ("plan_id", "date", "time_type"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "monitor_plan" cascade;`);
    this.addSql(`drop table if exists "monitor_plan_slot" cascade;`);
  }

}
