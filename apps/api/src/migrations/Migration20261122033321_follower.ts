import { Migration } from '@mikro-orm/migrations';

export class Migration20261122033321_follower extends Migration {

  override name = 'Migration20261122033321_follower';

  override up(): void | Promise<void> {
    this.addSql(`create table "feed_comment" ("id" bigserial primary key, "post_kind" varchar(1) not null, "reading_id" bigint not null, "post_owner_id" uuid not null, "customer_id" uuid not null, "content" varchar(800) not null, "reply_comment_id" bigint null, "reply_to_id" uuid null, "created_at" timestamptz not null);`);
    this.addSql(`create index "feed_comment_post_kind_reading_id_index" on "feed_comment" ("post_kind", "reading_id");`);

    this.addSql(`create table "feed_message" ("id" bigserial primary key, "recipient_id" uuid not null, "actor_id" uuid not null, "comment_type" smallint not null, "post_kind" varchar(1) not null, "reading_id" bigint not null, "post_owner_id" uuid not null, "comment_id" bigint null, "read_at" timestamptz null, "created_at" timestamptz not null);`);
    this.addSql(`create index "feed_message_recipient_id_read_at_index" on "feed_message" ("recipient_id", "read_at");`);

    this.addSql(`create table "feed_praise" ("id" bigserial primary key, "post_kind" varchar(1) not null, "reading_id" bigint not null, "post_owner_id" uuid not null, "customer_id" uuid not null, "created_at" timestamptz not null);`);
    this.addSql(`alter table "feed_praise" add constraint "feed_praise_post_kind_reading_id_customer_id_unique" unique ("post_kind", "reading_id", "customer_id");`);

    this.addSql(`create table "follow" ("id" bigserial primary key, "follower_id" uuid not null, "patient_id" uuid not null, "status" varchar(10) not null, "customer_note" varchar(40) null, "is_receive" boolean not null default true, "requested_at" timestamptz not null, "decided_at" timestamptz null, "accepted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "follow_patient_id_status_index" on "follow" ("patient_id", "status");`);
    this.addSql(`create index "follow_follower_id_status_index" on "follow" ("follower_id", "status");`);
    this.addSql(`alter table "follow" add constraint "follow_follower_id_patient_id_unique" unique ("follower_id", "patient_id");`);

    this.addSql(`create table "notice" ("id" bigserial primary key, "recipient_id" uuid not null, "kind" varchar(16) not null, "subject_id" uuid not null, "reading_kind" varchar(1) null, "reading_id" bigint null, "urgent" boolean not null default false, "title" varchar(80) not null, "text" varchar(240) not null, "read_at" timestamptz null, "created_at" timestamptz not null, "push_status" varchar(8) not null default 'none', "push_attempts" smallint not null default 0, "push_next_at" timestamptz null, "pushed_at" timestamptz null, "push_error" varchar(200) null, "push_data" jsonb null);`);
    this.addSql(`create index "notice_recipient_id_created_at_index" on "notice" ("recipient_id", "created_at");`);
    this.addSql(`create index "notice_push_status_push_next_at_index" on "notice" ("push_status", "push_next_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "feed_comment" cascade;`);
    this.addSql(`drop table if exists "feed_message" cascade;`);
    this.addSql(`drop table if exists "feed_praise" cascade;`);
    this.addSql(`drop table if exists "follow" cascade;`);
    this.addSql(`drop table if exists "notice" cascade;`);
  }

}
