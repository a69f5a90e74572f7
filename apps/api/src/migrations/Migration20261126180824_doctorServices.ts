import { Migration } from '@mikro-orm/migrations';

export class Migration20261126180824_doctorServices extends Migration {

  override name = 'Migration20261126180824_doctorServices';

  override up(): void | Promise<void> {
    this.addSql(`create table "doctor_service" ("id" serial primary key, "doctor_id" int not null, "service_type" smallint not null, "service_name" varchar(32) not null, "service_interval" int not null default 0, "service_price" int not null, "intro" text not null default '', "status" smallint not null default 1, "sort" int not null default 0);`);
    this.addSql(`create index "doctor_service_doctor_id_index" on "doctor_service" ("doctor_id");`);
    this.addSql(`alter table "doctor_service" add constraint "doctor_service_doctor_id_service_type_service_interval_unique" unique ("doctor_id", "service_type", "service_interval");`);

    this.addSql(`alter table "doctor" add "professional_level" varchar(8) null, add "ele_rx_status" smallint not null default 0, add "remark" varchar(200) not null default '', add "head_img" varchar(255) not null default '', add "sex" smallint not null default 0, add "job" varchar(32) not null default '';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "doctor_service" cascade;`);

    this.addSql(`alter table "doctor" drop column "professional_level", drop column "ele_rx_status", drop column "remark", drop column "head_img", drop column "sex", drop column "job";`);
  }

}
