import { Migration } from '@mikro-orm/migrations';

export class Migration20261126215302_monitorReminder extends Migration {

  override name = 'Migration20261126215302_monitorReminder';

  override up(): void | Promise<void> {
    this.addSql(`create table "monitor_reminder" ("customer_id" uuid not null, "date" varchar(10) not null, "time_type" smallint not null, "plan_id" uuid not null, "sent_at" timestamptz not null, primary key ("customer_id", "date", "time_type"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "monitor_reminder" cascade;`);
  }

}
