import { Migration } from '@mikro-orm/migrations';

export class Migration20261127012022_goods extends Migration {

  override name = 'Migration20261127012022_goods';

  override up(): void | Promise<void> {
    this.addSql(`create table "goods" ("id" serial primary key, "goods_code" varchar(32) not null, "goods_name" varchar(120) not null, "remark" varchar(200) not null default '', "status" smallint not null default 1, "goods_url" varchar(2000) not null default '', "icon_url" varchar(2000) not null default '', "goods_detail_img_url" varchar(300) not null default '', "ad_url" varchar(300) not null default '', "ad_href_url" varchar(300) not null default '', "sales_mode" varchar(16) not null, "goods_value" int not null default 0, "postage" int not null default 0, "origin_price" int not null default 0, "score_value" int not null default 0, "origin_score" int not null default 0, "max_usable_score" int not null default 0, "paper_value" int not null default 0, "maximum" int not null default 1, "stock" int not null default 0, "receive_type" varchar(8) not null default '0', "pay_type" varchar(8) not null default '1', "recharge_package" smallint not null default 0, "service_package" smallint not null default 0, "package_months" smallint not null default 0, "package_goods_ids" varchar(220) not null default '', "container_id" int not null, "category_id" int not null, "hot" smallint not null default 0, "recommend" smallint not null default 0, "sort" int not null default 0, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`alter table "goods" add constraint "goods_goods_code_unique" unique ("goods_code");`);
    this.addSql(`create index "goods_container_id_status_sort_index" on "goods" ("container_id", "status", "sort");`);
    this.addSql(`create index "goods_category_id_status_sort_index" on "goods" ("category_id", "status", "sort");`);

    this.addSql(`create table "goods_category" ("id" serial primary key, "code" varchar(32) not null, "container_id" int not null, "category_name" varchar(20) not null, "icon_url" varchar(300) not null default '', "sort" int not null default 0, "status" smallint not null default 1);`);
    this.addSql(`alter table "goods_category" add constraint "goods_category_code_unique" unique ("code");`);
    this.addSql(`create index "goods_category_container_id_sort_index" on "goods_category" ("container_id", "sort");`);

    this.addSql(`create table "goods_container" ("id" serial primary key, "code" varchar(32) not null, "container_name" varchar(40) not null, "remark" varchar(200) not null default '', "icon_url" varchar(300) not null default '', "sort" int not null default 0, "status" smallint not null default 1);`);
    this.addSql(`alter table "goods_container" add constraint "goods_container_code_unique" unique ("code");`);

    this.addSql(`alter table "goods" add constraint "goods_stock_not_negative" check (stock >= 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "goods" cascade;`);
    this.addSql(`drop table if exists "goods_category" cascade;`);
    this.addSql(`drop table if exists "goods_container" cascade;`);
  }

}
