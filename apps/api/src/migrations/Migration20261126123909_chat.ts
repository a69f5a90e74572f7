import { Migration } from '@mikro-orm/migrations';

export class Migration20261126123909_chat extends Migration {

  override name = 'Migration20261126123909_chat';

  override up(): void | Promise<void> {
    this.addSql(`create table "chat_member" ("session_id" uuid not null, "im_user_id" varchar(40) not null, "type" smallint not null, "read_until" timestamptz null, primary key ("session_id", "im_user_id"));`);
    this.addSql(`create index "chat_member_im_user_id_index" on "chat_member" ("im_user_id");`);

    this.addSql(`create table "chat_message" ("id" uuid not null, "session_id" uuid not null, "from_im_user_id" varchar(40) not null, "client_id" varchar(64) not null, "type" varchar(8) not null, "payload" jsonb not null, "sent_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "chat_message_session_id_sent_at_index" on "chat_message" ("session_id", "sent_at");`);
    this.addSql(`alter table "chat_message" add constraint "chat_message_from_im_user_id_client_id_unique" unique ("from_im_user_id", "client_id");`);

    this.addSql(`create table "chat_session" ("id" uuid not null, "session_type" smallint not null default 1, "status" smallint not null default 1, "last_message_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "chat_member" cascade;`);
    this.addSql(`drop table if exists "chat_message" cascade;`);
    this.addSql(`drop table if exists "chat_session" cascade;`);
  }

}
