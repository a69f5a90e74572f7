import { Migration } from '@mikro-orm/migrations';

export class Migration20261122012052_share extends Migration {

  override name = 'Migration20261122012052_share';

  override up(): void | Promise<void> {
    this.addSql(`create table "share_link" ("id" uuid not null, "customer_id" uuid not null, "kind" varchar(16) not null, "token_hash" varchar(64) not null, "title" varchar(40) not null default '', "range_start" timestamptz not null, "range_end" timestamptz not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "share_link_customer_id_index" on "share_link" ("customer_id");`);
    this.addSql(`alter table "share_link" add constraint "share_link_token_hash_unique" unique ("token_hash");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "share_link" cascade;`);
  }

}
