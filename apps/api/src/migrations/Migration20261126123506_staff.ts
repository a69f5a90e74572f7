import { Migration } from '@mikro-orm/migrations';

export class Migration20261126123506_staff extends Migration {

  override name = 'Migration20261126123506_staff';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_event" ("id" bigserial primary key, "at" timestamptz not null, "actor_kind" varchar(16) not null, "actor_id" uuid not null, "action" varchar(64) not null, "patient_id" uuid null, "target" varchar(128) null, "ip" varchar(64) null, "request_id" varchar(64) null, "detail" jsonb null);`);
    this.addSql(`create index "audit_event_at_index" on "audit_event" ("at");`);
    this.addSql(`create index "audit_event_actor_id_index" on "audit_event" ("actor_id");`);
    this.addSql(`create index "audit_event_action_index" on "audit_event" ("action");`);
    this.addSql(`create index "audit_event_patient_id_index" on "audit_event" ("patient_id");`);

    this.addSql(`create table "staff" ("id" uuid not null, "username" varchar(32) not null, "display_name" varchar(32) not null default '', "password_hash" varchar(255) not null, "role" varchar(16) not null, "doctor_id" int null, "totp_secret" varchar(64) null, "must_change_password" boolean not null default true, "failed_sign_ins" smallint not null default 0, "locked_until" timestamptz null, "disabled_at" timestamptz null, "created_at" timestamptz not null, "last_sign_in_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "staff" add constraint "staff_username_unique" unique ("username");`);
    this.addSql(`create index "staff_doctor_id_index" on "staff" ("doctor_id");`);

    this.addSql(`create table "staff_session" ("id" uuid not null, "token_hash" varchar(64) not null, "staff_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "ip" varchar(64) null, "user_agent" varchar(512) null, primary key ("id"));`);
    this.addSql(`alter table "staff_session" add constraint "staff_session_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "staff_session_staff_id_index" on "staff_session" ("staff_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "audit_event" cascade;`);
    this.addSql(`drop table if exists "staff" cascade;`);
    this.addSql(`drop table if exists "staff_session" cascade;`);
  }

}
