import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002917_init extends Migration {

  override name = 'Migration20261122002917_init';

  override up(): void | Promise<void> {
    this.addSql(`create table "dictionary_item" ("id" serial primary key, "type_code" varchar(64) not null, "item_key" varchar(32) not null, "item_value" varchar(64) not null, "sort" int not null default 0);`);
    this.addSql(`create index "dictionary_item_type_code_index" on "dictionary_item" ("type_code");`);
    this.addSql(`alter table "dictionary_item" add constraint "dictionary_item_type_code_item_key_unique" unique ("type_code", "item_key");`);

    this.addSql(`create table "front_log" ("id" bigserial primary key, "session_customer_id" varchar(64) null, "claimed_customer_id" varchar(64) null, "url" text not null, "fun_name" varchar(200) null, "err_name" varchar(200) not null, "err_message" text not null, "request_id" varchar(64) not null, "app_code" varchar(32) null, "user_agent" varchar(512) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "front_log_created_at_index" on "front_log" ("created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "dictionary_item" cascade;`);
    this.addSql(`drop table if exists "front_log" cascade;`);
  }

}
