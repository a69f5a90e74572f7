import { Migration } from '@mikro-orm/migrations';

export class Migration20261126144558_paymentRefunds extends Migration {

  override name = 'Migration20261126144558_paymentRefunds';

  override up(): void | Promise<void> {
    this.addSql(`create table "payment_refund" ("id" uuid not null, "intent_id" uuid not null, "out_refund_no" varchar(64) not null, "amount_cents" int not null, "state" varchar(16) not null default 'processing', "reason" varchar(80) not null, "requested_by" varchar(64) not null, "request_key" varchar(64) null, "failure" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "succeeded_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "payment_refund_intent_id_index" on "payment_refund" ("intent_id");`);
    this.addSql(`alter table "payment_refund" add constraint "payment_refund_out_refund_no_unique" unique ("out_refund_no");`);
    this.addSql(`create index "payment_refund_state_created_at_index" on "payment_refund" ("state", "created_at");`);
    this.addSql(`alter table "payment_refund" add constraint "payment_refund_intent_id_request_key_unique" unique ("intent_id", "request_key");`);

    this.addSql(`alter table "payment_intent" drop constraint "payment_intent_out_refund_no_unique";`);
    this.addSql(`alter table "payment_intent" drop column "out_refund_no", drop column "refund_cents", drop column "refund_reason", drop column "refunded_at";`);
    this.addSql(`alter table "payment_intent" add "expires_at" timestamptz null;`);
    this.addSql(`update "payment_intent" set "expires_at" = "created_at" + interval '30 minutes';`);
    this.addSql(`alter table "payment_intent" alter column "expires_at" set not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "payment_refund" cascade;`);

    this.addSql(`alter table "payment_intent" drop column "expires_at";`);
    this.addSql(`alter table "payment_intent" add "out_refund_no" varchar(64) null, add "refund_cents" int4 null, add "refund_reason" varchar(80) null, add "refunded_at" timestamptz(6) null;`);
    this.addSql(`alter table "payment_intent" add constraint "payment_intent_out_refund_no_unique" unique ("out_refund_no");`);
  }

}
