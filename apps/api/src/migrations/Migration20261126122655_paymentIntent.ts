import { Migration } from '@mikro-orm/migrations';

export class Migration20261126122655_paymentIntent extends Migration {

  override name = 'Migration20261126122655_paymentIntent';

  override up(): void | Promise<void> {
    this.addSql(`create table "payment_intent" ("id" uuid not null, "customer_id" uuid not null, "subject_kind" varchar(16) not null, "subject_id" varchar(64) not null, "description" varchar(127) not null, "amount_cents" int not null, "state" varchar(16) not null default 'created', "provider" varchar(16) not null, "out_trade_no" varchar(32) not null, "transaction_id" varchar(64) null, "out_refund_no" varchar(64) null, "refund_cents" int null, "refund_reason" varchar(80) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "paid_at" timestamptz null, "refunded_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "payment_intent_customer_id_index" on "payment_intent" ("customer_id");`);
    this.addSql(`alter table "payment_intent" add constraint "payment_intent_out_trade_no_unique" unique ("out_trade_no");`);
    this.addSql(`alter table "payment_intent" add constraint "payment_intent_out_refund_no_unique" unique ("out_refund_no");`);
    this.addSql(`create index "payment_intent_subject_kind_subject_id_index" on "payment_intent" ("subject_kind", "subject_id");`);
    this.addSql(`create index "payment_intent_state_created_at_index" on "payment_intent" ("state", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_intent" cascade;`);
  }

}
