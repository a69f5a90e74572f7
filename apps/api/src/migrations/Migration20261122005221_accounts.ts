import { Migration } from '@mikro-orm/migrations';

export class Migration20261122005221_accounts extends Migration {

  override name = 'Migration20261122005221_accounts';

  override up(): void | Promise<void> {
    this.addSql(`create table "customer" ("id" uuid not null, "openid" varchar(64) not null, "unionid" varchar(64) null, "source_id" smallint not null default 4, "nickname" varchar(32) not null default '', "headimgurl" varchar(512) not null default '', "sex" smallint not null default 0, "phone" varchar(11) null, "role_type" smallint not null default 1, "diabetes_type" varchar(8) null, "blood_pressure_type" varchar(8) null, "birthday" date null, "province" varchar(12) null, "city" varchar(12) null, "district" varchar(12) null, "address" varchar(100) null, "is_family_member" boolean not null default false, "invite_code" varchar(6) not null, "used_invite_code" varchar(6) null, "doctor_id" int null, "give_paper" int not null default 0, "customer_score" int not null default 0, "third_auth_code" smallint not null default 1, "height_cm" numeric(5,1) null, "weight_kg" numeric(5,1) null, "msg_receive" boolean not null default true, "msg_no_test_receive" boolean not null default true, "registered_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`alter table "customer" add constraint "customer_openid_unique" unique ("openid");`);
    this.addSql(`alter table "customer" add constraint "customer_phone_unique" unique ("phone");`);
    this.addSql(`alter table "customer" add constraint "customer_invite_code_unique" unique ("invite_code");`);

    this.addSql(`create table "doctor" ("id" serial primary key, "openid" varchar(64) not null, "name" varchar(32) not null, "hospital" varchar(64) not null default '', "department" varchar(32) not null default '', "title" varchar(32) not null default '', "invite_code" varchar(6) not null);`);
    this.addSql(`alter table "doctor" add constraint "doctor_openid_unique" unique ("openid");`);
    this.addSql(`alter table "doctor" add constraint "doctor_invite_code_unique" unique ("invite_code");`);

    this.addSql(`create table "rate_event" ("id" bigserial primary key, "bucket" varchar(32) not null, "subject" varchar(128) not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "rate_event_bucket_subject_created_at_index" on "rate_event" ("bucket", "subject", "created_at");`);

    this.addSql(`create table "session" ("id" uuid not null, "token_hash" varchar(64) not null, "customer_id" uuid not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "user_agent" varchar(512) null, "ip" varchar(64) null, primary key ("id"));`);
    this.addSql(`alter table "session" add constraint "session_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "session_customer_id_index" on "session" ("customer_id");`);

    this.addSql(`create table "sms_code" ("id" bigserial primary key, "phone" varchar(11) not null, "purpose" varchar(16) not null, "code_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "failed_attempts" smallint not null default 0, "consumed_at" timestamptz null, "voided_at" timestamptz null, "client_ip" varchar(64) null);`);
    this.addSql(`create index "sms_code_phone_created_at_index" on "sms_code" ("phone", "created_at");`);
    this.addSql(`create index "sms_code_client_ip_created_at_index" on "sms_code" ("client_ip", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "customer" cascade;`);
    this.addSql(`drop table if exists "doctor" cascade;`);
    this.addSql(`drop table if exists "rate_event" cascade;`);
    this.addSql(`drop table if exists "session" cascade;`);
    this.addSql(`drop table if exists "sms_code" cascade;`);
  }

}
