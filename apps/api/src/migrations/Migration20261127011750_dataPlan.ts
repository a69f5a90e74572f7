import { Migration } from '@mikro-orm/migrations';

export class Migration20261127011750_dataPlan extends Migration {

  override name = 'Migration20261127011750_dataPlan';

  override up(): void | Promise<void> {
    this.addSql(`create table "device_data_plan_renewal" ("key" varchar(80) not null, "imei" varchar(15) not null, "customer_id" uuid not null, "months" smallint not null, "previous_end" timestamptz null, "new_end" timestamptz not null, "created_at" timestamptz not null, primary key ("key"));`);
    this.addSql(`create index "device_data_plan_renewal_imei_index" on "device_data_plan_renewal" ("imei");`);

    this.addSql(`alter table "device" add "flow_expire_time" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "device_data_plan_renewal" cascade;`);

    this.addSql(`alter table "device" drop column "flow_expire_time";`);
  }

}
