import { Migration } from '@mikro-orm/migrations';

export class Migration20261127093504_oauth extends Migration {

  override name = 'Migration20261127093504_oauth';

  override up(): void | Promise<void> {
    this.addSql(`create table "oauth_client" ("id" varchar(64) not null, "name" varchar(50) not null, "organisation" varchar(100) not null, "contact_phone" varchar(20) not null default '', "contact_email" varchar(100) not null default '', "secret_hash" varchar(64) not null, "redirect_uris" jsonb not null, "allowed_scopes" jsonb not null, "grant_types" jsonb not null, "rate_limit_per_minute" int not null default 600, "disabled" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);

    this.addSql(`create table "oauth_client_minute" ("client_id" varchar(64) not null, "minute" timestamptz not null, "calls" int not null, primary key ("client_id", "minute"));`);

    this.addSql(`create table "oauth_code" ("code_hash" varchar(64) not null, "client_id" varchar(64) not null, "grant_id" uuid not null, "customer_id" uuid not null, "redirect_uri" varchar(2000) not null, "scopes" jsonb not null, "code_challenge" varchar(128) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("code_hash"));`);

    this.addSql(`create table "oauth_grant" ("id" uuid not null, "client_id" varchar(64) not null, "customer_id" uuid not null, "scopes" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "oauth_grant_customer_id_revoked_at_index" on "oauth_grant" ("customer_id", "revoked_at");`);
    this.addSql(`create index "oauth_grant_client_id_customer_id_index" on "oauth_grant" ("client_id", "customer_id");`);

    this.addSql(`create table "oauth_token" ("token_hash" varchar(64) not null, "kind" varchar(10) not null, "client_id" varchar(64) not null, "grant_id" uuid null, "customer_id" uuid null, "family_id" uuid null, "scopes" jsonb not null, "expires_at" timestamptz not null, "rotated_at" timestamptz null, "revoked_at" timestamptz null, "created_at" timestamptz not null, primary key ("token_hash"));`);
    this.addSql(`create index "oauth_token_grant_id_index" on "oauth_token" ("grant_id");`);
    this.addSql(`create index "oauth_token_family_id_index" on "oauth_token" ("family_id");`);
    this.addSql(`create index "oauth_token_expires_at_index" on "oauth_token" ("expires_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "oauth_client" cascade;`);
    this.addSql(`drop table if exists "oauth_client_minute" cascade;`);
    this.addSql(`drop table if exists "oauth_code" cascade;`);
    this.addSql(`drop table if exists "oauth_grant" cascade;`);
    this.addSql(`drop table if exists "oauth_token" cascade;`);
  }

}
