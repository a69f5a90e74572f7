import { Migration } from '@mikro-orm/migrations';

export class Migration20261127093426_openWebhooks extends Migration {

  override name = 'Migration20261127093426_openWebhooks';

  override up(): void | Promise<void> {
    this.addSql(`create table "open_webhook_attempt" ("id" serial primary key, "delivery_id" uuid not null, "chain" smallint not null, "attempt_no" smallint not null, "started_at" timestamptz not null, "status_code" smallint null, "duration_ms" int not null, "error" varchar(200) null);`);
    this.addSql(`alter table "open_webhook_attempt" add constraint "open_webhook_attempt_once" unique ("delivery_id", "chain", "attempt_no");`);

    this.addSql(`create table "open_webhook_delivery" ("id" uuid not null, "subscription_id" uuid not null, "event_id" varchar(40) not null, "event_type" varchar(20) not null, "body" text not null, "status" varchar(10) not null, "chain" smallint not null default 1, "next_attempt_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "open_webhook_delivery_subscription_id_created_at_index" on "open_webhook_delivery" ("subscription_id", "created_at");`);

    this.addSql(`create table "open_webhook_subscription" ("id" uuid not null, "client_id" varchar(64) not null, "url" varchar(2000) not null, "events" jsonb not null, "description" varchar(200) null, "secret" varchar(60) not null, "enabled" boolean not null, "disabled_reason" varchar(10) null, "disabled_at" timestamptz null, "consecutive_failures" int not null default 0, "notice_text" varchar(500) null, "notice_phone" varchar(20) null, "notice_email" varchar(200) null, "notice_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "open_webhook_subscription_client_id_created_at_index" on "open_webhook_subscription" ("client_id", "created_at");`);
    this.addSql(`create index "open_webhook_subscription_created_at_index" on "open_webhook_subscription" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "open_webhook_attempt" cascade;`);
    this.addSql(`drop table if exists "open_webhook_delivery" cascade;`);
    this.addSql(`drop table if exists "open_webhook_subscription" cascade;`);
  }

}
