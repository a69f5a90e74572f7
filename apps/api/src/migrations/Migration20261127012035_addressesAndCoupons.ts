import { Migration } from '@mikro-orm/migrations';

export class Migration20261127012035_addressesAndCoupons extends Migration {

  override name = 'Migration20261127012035_addressesAndCoupons';

  override up(): void | Promise<void> {
    this.addSql(`create table "coupon_template" ("id" bigserial primary key, "name" varchar(20) not null, "value_cents" int not null, "start_at" timestamptz not null, "end_at" timestamptz not null, "range_type" varchar(8) not null, "goods_ids" jsonb not null, "created_by" uuid not null, "created_at" timestamptz not null);`);

    this.addSql(`create table "customer_address" ("id" bigserial primary key, "customer_id" uuid not null, "consignee_name" varchar(16) not null, "phone" varchar(16) not null, "province" varchar(20) not null, "city" varchar(30) not null, "district" varchar(30) not null, "detail_address" varchar(64) not null, "is_default" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "customer_address_customer_id_created_at_index" on "customer_address" ("customer_id", "created_at");`);
    this.addSql(`create unique index "customer_address_one_default" on "customer_address" ("customer_id") where "is_default";`);

    this.addSql(`create table "customer_coupon" ("id" bigserial primary key, "template_id" bigint not null, "customer_id" uuid not null, "reserved_at" timestamptz null, "used_order_id" varchar(64) null, "used_at" timestamptz null, "issued_at" timestamptz not null);`);
    this.addSql(`create index "customer_coupon_customer_id_used_at_index" on "customer_coupon" ("customer_id", "used_at");`);
    this.addSql(`alter table "customer_coupon" add constraint "customer_coupon_template_id_customer_id_unique" unique ("template_id", "customer_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "coupon_template" cascade;`);
    this.addSql(`drop table if exists "customer_address" cascade;`);
    this.addSql(`drop table if exists "customer_coupon" cascade;`);
  }

}
