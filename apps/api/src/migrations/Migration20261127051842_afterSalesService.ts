import { Migration } from '@mikro-orm/migrations';

export class Migration20261127051842_afterSalesService extends Migration {

  override name = 'Migration20261127051842_afterSalesService';

  override up(): void | Promise<void> {
    this.addSql(`create table "aftersales_dealer_enquiry" ("id" serial primary key, "customer_id" uuid not null, "purchaser" varchar(30) not null, "phone" varchar(16) not null, "product_name" varchar(50) not null, "quantity" int not null, "sale_channel" varchar(50) not null, "sale_area" varchar(50) not null, "remark" varchar(200) not null default '', "created_at" timestamptz not null, "handled_at" timestamptz null, "handled_by_id" uuid null, "handled_by_name" varchar(32) null, "note" varchar(200) not null default '');`);
    this.addSql(`create index "aftersales_dealer_enquiry_created_at_index" on "aftersales_dealer_enquiry" ("created_at");`);
    this.addSql(`create index "aftersales_dealer_enquiry_phone_index" on "aftersales_dealer_enquiry" ("phone");`);

    this.addSql(`create table "aftersales_repair_photo" ("id" serial primary key, "repair_id" int not null, "customer_id" uuid not null, "kind" varchar(12) not null, "path" varchar(120) not null, "sort" smallint not null);`);
    this.addSql(`create index "aftersales_repair_photo_repair_id_index" on "aftersales_repair_photo" ("repair_id");`);
    this.addSql(`create index "aftersales_repair_photo_path_index" on "aftersales_repair_photo" ("path");`);

    this.addSql(`create table "aftersales_repair" ("id" serial primary key, "upkeep_code" varchar(16) not null, "customer_id" uuid not null, "name" varchar(30) not null, "phone" varchar(16) not null, "address" varchar(100) not null default '', "category_id" int not null, "category_name" varchar(30) not null, "product_id" int null, "product_name" varchar(30) not null default '', "purchase_date" varchar(10) not null, "batch_no" varchar(40) not null default '', "device_imei" varchar(64) not null default '', "malfunction_content" varchar(500) not null, "status" smallint not null default 0, "remark" varchar(500) not null default '', "assignee_id" uuid null, "assignee_name" varchar(32) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "completed_at" timestamptz null);`);
    this.addSql(`alter table "aftersales_repair" add constraint "aftersales_repair_upkeep_code_unique" unique ("upkeep_code");`);
    this.addSql(`create index "aftersales_repair_customer_id_status_created_at_index" on "aftersales_repair" ("customer_id", "status", "created_at");`);
    this.addSql(`create index "aftersales_repair_status_created_at_index" on "aftersales_repair" ("status", "created_at");`);

    this.addSql(`create table "aftersales_repair_step" ("id" serial primary key, "repair_id" int not null, "kind" varchar(10) not null, "staff_id" uuid not null, "staff_name" varchar(32) not null, "text" varchar(500) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "aftersales_repair_step_repair_id_created_at_index" on "aftersales_repair_step" ("repair_id", "created_at");`);

    this.addSql(`create table "aftersales_warranty" ("id" serial primary key, "customer_id" uuid not null, "product_id" int not null, "device_imei" varchar(32) not null, "phone" varchar(16) not null, "order_date" varchar(10) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "aftersales_warranty_customer_id_created_at_index" on "aftersales_warranty" ("customer_id", "created_at");`);
    this.addSql(`create index "aftersales_warranty_device_imei_created_at_index" on "aftersales_warranty" ("device_imei", "created_at");`);
    this.addSql(`create index "aftersales_warranty_phone_index" on "aftersales_warranty" ("phone");`);
    this.addSql(`alter table "aftersales_warranty" add constraint "aftersales_warranty_customer_device" unique ("customer_id", "device_imei");`);

    this.addSql(`alter table "notice" add "link" varchar(120) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "aftersales_dealer_enquiry" cascade;`);
    this.addSql(`drop table if exists "aftersales_repair_photo" cascade;`);
    this.addSql(`drop table if exists "aftersales_repair" cascade;`);
    this.addSql(`drop table if exists "aftersales_repair_step" cascade;`);
    this.addSql(`drop table if exists "aftersales_warranty" cascade;`);

    this.addSql(`alter table "notice" drop column "link";`);
  }

}
