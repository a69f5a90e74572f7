import { Migration } from '@mikro-orm/migrations';

export class Migration20261122035043_engagement extends Migration {

  override name = 'Migration20261122035043_engagement';

  override up(): void | Promise<void> {
    this.addSql(`create table "article" ("id" int not null, "type_id" int not null, "title" varchar(64) not null, "content_points" varchar(200) not null, "pic_url" varchar(256) not null, "content" text not null, "status" smallint not null default 1, "add_score" smallint not null default 2, "read_num" int not null default 0, "praise" int not null default 0, "remark" varchar(100) not null default '', "published_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "article_type_id_status_published_at_index" on "article" ("type_id", "status", "published_at");`);

    this.addSql(`create table "article_category" ("id" int not null, "name" varchar(16) not null, "sort" smallint not null default 0, "status" smallint not null default 1, primary key ("id"));`);

    this.addSql(`create table "article_reader" ("customer_id" uuid not null, "article_id" int not null, "opened_at" timestamptz not null, "completed_at" timestamptz null, "praised_at" timestamptz null, "read_seconds" int not null default 0, "last_beat_at" timestamptz null, primary key ("customer_id", "article_id"));`);

    this.addSql(`create table "points_entry" ("id" bigserial primary key, "customer_id" uuid not null, "score" int not null, "action_code" varchar(32) not null, "action_name" varchar(32) not null, "idem_key" varchar(100) not null, "china_day" date not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "points_entry_customer_id_created_at_index" on "points_entry" ("customer_id", "created_at");`);
    this.addSql(`create index "points_entry_customer_id_action_code_china_day_index" on "points_entry" ("customer_id", "action_code", "china_day");`);
    this.addSql(`alter table "points_entry" add constraint "points_entry_customer_id_idem_key_unique" unique ("customer_id", "idem_key");`);

    this.addSql(`create table "points_score_count" ("period" varchar(7) not null, "score" int not null, "customers" int not null default 0, primary key ("period", "score"));`);

    this.addSql(`create table "points_tally" ("period" varchar(7) not null, "customer_id" uuid not null, "score" int not null default 0, primary key ("period", "customer_id"));`);
    this.addSql(`create index "points_tally_period_score_customer_id_index" on "points_tally" ("period", "score", "customer_id");`);

    this.addSql(`create table "sign_in" ("customer_id" uuid not null, "day" date not null, "series" int not null, "score" int not null, "created_at" timestamptz not null, primary key ("customer_id", "day"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "article" cascade;`);
    this.addSql(`drop table if exists "article_category" cascade;`);
    this.addSql(`drop table if exists "article_reader" cascade;`);
    this.addSql(`drop table if exists "points_entry" cascade;`);
    this.addSql(`drop table if exists "points_score_count" cascade;`);
    this.addSql(`drop table if exists "points_tally" cascade;`);
    this.addSql(`drop table if exists "sign_in" cascade;`);
  }

}
