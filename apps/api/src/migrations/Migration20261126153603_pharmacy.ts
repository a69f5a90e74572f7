import { Migration } from '@mikro-orm/migrations';

export class Migration20261126153603_pharmacy extends Migration {

  override name = 'Migration20261126153603_pharmacy';

  override up(): void | Promise<void> {
    this.addSql(`create table "medicine" ("id" serial primary key, "code" varchar(32) not null, "generic_name" varchar(64) not null, "product_name" varchar(64) not null default '', "specification" varchar(64) not null, "packing_unit" varchar(8) not null, "dosage_unit" varchar(8) not null, "rx_category" varchar(8) not null);`);
    this.addSql(`alter table "medicine" add constraint "medicine_code_unique" unique ("code");`);
    this.addSql(`create index "medicine_generic_name_index" on "medicine" ("generic_name");`);

    this.addSql(`create table "online_store" ("id" serial primary key, "store_code" varchar(32) not null, "store_name" varchar(64) not null, "store_icon" varchar(256) not null default '', "remark" varchar(128) not null default '', "store_url" varchar(512) not null, "status" smallint not null default 1, "sort" int not null default 0);`);
    this.addSql(`alter table "online_store" add constraint "online_store_store_code_unique" unique ("store_code");`);

    this.addSql(`create table "pharmacy" ("id" serial primary key, "code" varchar(32) not null, "name" varchar(64) not null, "address" varchar(128) not null, "phone" varchar(20) not null default '', "store_image" varchar(256) not null default '', "province" varchar(12) not null, "city" varchar(12) not null, "district" varchar(12) not null, "longitude" double precision not null, "latitude" double precision not null, "open_start_time" int not null, "open_end_time" int not null);`);
    this.addSql(`alter table "pharmacy" add constraint "pharmacy_code_unique" unique ("code");`);
    this.addSql(`create index "pharmacy_province_city_district_index" on "pharmacy" ("province", "city", "district");`);

    this.addSql(`create table "pharmacy_stock" ("pharmacy_id" int not null, "medicine_id" int not null, "quantity" int not null default 0, primary key ("pharmacy_id", "medicine_id"));`);
    this.addSql(`create index "pharmacy_stock_medicine_id_index" on "pharmacy_stock" ("medicine_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "medicine" cascade;`);
    this.addSql(`drop table if exists "online_store" cascade;`);
    this.addSql(`drop table if exists "pharmacy" cascade;`);
    this.addSql(`drop table if exists "pharmacy_stock" cascade;`);
  }

}
