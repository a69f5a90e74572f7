import { Migration } from '@mikro-orm/migrations';

export class Migration20261127012013_mallOrders extends Migration {

  override name = 'Migration20261127012013_mallOrders';

  override up(): void | Promise<void> {
    this.addSql(`create table "mall_order" ("id" serial primary key, "order_code" varchar(32) not null, "customer_id" uuid not null, "goods_id" int not null, "goods_name" varchar(100) not null, "remark" varchar(255) not null, "icon_url" varchar(255) not null, "goods_type" varchar(8) not null, "sales_mode" varchar(16) not null, "service_package" smallint not null default 0, "recharge_package" smallint not null default 0, "package_months" int not null default 0, "device_imei" varchar(32) null, "number" int not null, "goods_value" int not null, "postage" int not null, "pay_coupon" int not null default 0, "coupon_id" varchar(20) null, "score_amount" int not null default 0, "score_deduction" int not null default 0, "paper_amount" int not null default 0, "pay_amount" int not null, "pay_type" smallint not null, "need_pay" smallint not null, "pay_status" smallint not null default 0, "order_status" smallint not null default 1, "send_status" smallint not null default 0, "asign_status" smallint not null default 0, "audit_status" smallint not null default 0, "receive_type" smallint not null, "consignee_name" varchar(16) null, "phone" varchar(16) null, "detail_address" varchar(160) null, "intent_id" uuid null, "auto_cancel_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "paid_at" timestamptz null, "cancelled_at" timestamptz null, "cancelled_by" varchar(16) null, "resources_returned" boolean not null default false, "refund_reason" varchar(80) null, "refund_amount" int null, "refund_requests" int not null default 0, "express_code" varchar(16) null, "express_name" varchar(40) null, "express_phone" varchar(20) null, "tracking_number" varchar(40) null, "shipped_at" timestamptz null, "signed_at" timestamptz null, "audited_at" timestamptz null);`);
    this.addSql(`alter table "mall_order" add constraint "mall_order_order_code_unique" unique ("order_code");`);
    this.addSql(`create index "mall_order_customer_id_created_at_index" on "mall_order" ("customer_id", "created_at");`);
    this.addSql(`create index "mall_order_created_at_index" on "mall_order" ("created_at");`);
    this.addSql(`create index "mall_order_pay_status_order_status_index" on "mall_order" ("pay_status", "order_status");`);

    this.addSql(`create table "pre_order_token" ("token" varchar(64) not null, "customer_id" uuid not null, "goods_ids" varchar(120) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("token"));`);
    this.addSql(`create index "pre_order_token_expires_at_index" on "pre_order_token" ("expires_at");`);

    this.addSql(`alter table "customer" add "service_expire_date" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "mall_order" cascade;`);
    this.addSql(`drop table if exists "pre_order_token" cascade;`);

    this.addSql(`alter table "customer" drop column "service_expire_date";`);
  }

}
