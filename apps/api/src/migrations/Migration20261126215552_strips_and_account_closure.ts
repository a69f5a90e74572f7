import { Migration } from '@mikro-orm/migrations';

export class Migration20261126215552_strips_and_account_closure extends Migration {

  override name = 'Migration20261126215552_strips_and_account_closure';

  override up(): void | Promise<void> {
    this.addSql(`create table "closed_account" ("customer_id" uuid not null, "phone_hash" varchar(64) null, "openid_hash" varchar(64) not null, "registered_at" timestamptz null, "closed_at" timestamptz not null, primary key ("customer_id"));`);
    this.addSql(`create index "closed_account_phone_hash_index" on "closed_account" ("phone_hash");`);
    this.addSql(`create index "closed_account_openid_hash_index" on "closed_account" ("openid_hash");`);

    this.addSql(`create table "strip_entry" ("id" bigserial primary key, "customer_id" uuid not null, "delta" int not null, "reason" varchar(24) not null, "idem_key" varchar(100) not null, "invited_name" varchar(40) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "strip_entry_customer_id_created_at_index" on "strip_entry" ("customer_id", "created_at");`);
    this.addSql(`alter table "strip_entry" add constraint "strip_entry_customer_id_idem_key_unique" unique ("customer_id", "idem_key");`);

    this.addSql(`create table "strip_invitation" ("invitee_id" uuid not null, "inviter_id" uuid not null, "phone_hash" varchar(64) not null, "openid_hash" varchar(64) not null, "created_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("invitee_id"));`);
    this.addSql(`create index "strip_invitation_inviter_id_index" on "strip_invitation" ("inviter_id");`);
    this.addSql(`alter table "strip_invitation" add constraint "strip_invitation_phone_hash_unique" unique ("phone_hash");`);
    this.addSql(`alter table "strip_invitation" add constraint "strip_invitation_openid_hash_unique" unique ("openid_hash");`);

    this.addSql(`alter table "customer" add "closed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "closed_account" cascade;`);
    this.addSql(`drop table if exists "strip_entry" cascade;`);
    this.addSql(`drop table if exists "strip_invitation" cascade;`);

    this.addSql(`alter table "customer" drop column "closed_at";`);
  }

}
