import { Migration } from '@mikro-orm/migrations';

export class Migration20261127051630_afterSalesCatalogue extends Migration {

  override name = 'Migration20261127051630_afterSalesCatalogue';

  override up(): void | Promise<void> {
    this.addSql(`create table "aftersales_shop" ("id" serial primary key, "code" varchar(32) not null, "name" varchar(40) not null, "province" varchar(20) not null, "city" varchar(20) not null, "district" varchar(20) not null default '', "address" varchar(100) not null, "phone" varchar(20) not null, "open_hours" varchar(30) not null default '', "sort" int not null default 0, "status" smallint not null default 1, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "aftersales_shop" add constraint "aftersales_shop_code_unique" unique ("code");`);
    this.addSql(`create index "aftersales_shop_province_city_status_sort_index" on "aftersales_shop" ("province", "city", "status", "sort");`);

    this.addSql(`create table "aftersales_guarantee" ("id" serial primary key, "code" varchar(32) not null, "platform_id" int not null, "name" varchar(30) not null, "icon_url" varchar(500) not null default '', "content" text not null default '', "credential_url" varchar(500) not null default '', "sort" int not null default 0, "status" smallint not null default 1, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "aftersales_guarantee" add constraint "aftersales_guarantee_code_unique" unique ("code");`);
    this.addSql(`create index "aftersales_guarantee_platform_id_status_sort_index" on "aftersales_guarantee" ("platform_id", "status", "sort");`);

    this.addSql(`create table "aftersales_platform" ("id" serial primary key, "code" varchar(32) not null, "name" varchar(20) not null, "sort" int not null default 0, "status" smallint not null default 1, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "aftersales_platform" add constraint "aftersales_platform_code_unique" unique ("code");`);

    this.addSql(`create table "aftersales_category" ("id" serial primary key, "code" varchar(32) not null, "name" varchar(20) not null, "icon_url" varchar(500) not null default '', "sort" int not null default 0, "status" smallint not null default 1, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "aftersales_category" add constraint "aftersales_category_code_unique" unique ("code");`);

    this.addSql(`create table "aftersales_guide" ("id" serial primary key, "code" varchar(32) not null, "category_id" int not null, "product_id" int null, "guide_type" smallint not null, "title" varchar(50) not null, "icon_url" varchar(500) not null default '', "content" text not null default '', "content_url" varchar(500) not null default '', "sort" int not null default 0, "status" smallint not null default 1, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "aftersales_guide" add constraint "aftersales_guide_code_unique" unique ("code");`);
    this.addSql(`create index "aftersales_guide_category_id_status_sort_index" on "aftersales_guide" ("category_id", "status", "sort");`);
    this.addSql(`create index "aftersales_guide_product_id_index" on "aftersales_guide" ("product_id");`);

    this.addSql(`create table "aftersales_product" ("id" serial primary key, "code" varchar(32) not null, "category_id" int not null, "name" varchar(30) not null, "icon_url" varchar(500) not null default '', "device_type" smallint not null, "war_months" smallint not null, "video_url" varchar(500) not null default '', "manual_url" varchar(500) not null default '', "manual_images" jsonb not null, "remark" varchar(2000) not null default '', "war_url" varchar(500) not null default '', "warranty_remark" varchar(2000) not null default '', "sort" int not null default 0, "status" smallint not null default 1, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "aftersales_product" add constraint "aftersales_product_code_unique" unique ("code");`);
    this.addSql(`create index "aftersales_product_category_id_status_sort_index" on "aftersales_product" ("category_id", "status", "sort");`);

    this.addSql(`create table "aftersales_banner" ("id" serial primary key, "code" varchar(32) not null, "product_code" varchar(32) not null, "title" varchar(50) not null default '', "img_url" varchar(500) not null, "href_url" varchar(500) not null default '', "sort" int not null default 0, "status" smallint not null default 1, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "aftersales_banner" add constraint "aftersales_banner_code_unique" unique ("code");`);
    this.addSql(`create index "aftersales_banner_product_code_status_sort_index" on "aftersales_banner" ("product_code", "status", "sort");`);

    this.addSql(`create table "aftersales_policy" ("source_id" smallint not null, "clauses" jsonb not null, "hotline" varchar(20) not null, "service_hours" varchar(30) not null, "updated_at" timestamptz not null, primary key ("source_id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "aftersales_shop" cascade;`);
    this.addSql(`drop table if exists "aftersales_guarantee" cascade;`);
    this.addSql(`drop table if exists "aftersales_platform" cascade;`);
    this.addSql(`drop table if exists "aftersales_category" cascade;`);
    this.addSql(`drop table if exists "aftersales_guide" cascade;`);
    this.addSql(`drop table if exists "aftersales_product" cascade;`);
    this.addSql(`drop table if exists "aftersales_banner" cascade;`);
    this.addSql(`drop table if exists "aftersales_policy" cascade;`);
  }

}
