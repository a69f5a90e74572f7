import { Migration } from '@mikro-orm/migrations';

// Each account moved to a new sign-in by an SMS code (getting an account back, issue 15 D).

export class Migration20261126052549_account_recovery extends Migration {

  override name = 'Migration20261126052549_account_recovery';

  override up(): void | Promise<void> {
    this.addSql(`create table "account_recovery" ("id" bigserial primary key, "customer_id" uuid not null, "from_openid" varchar(64) not null, "to_openid" varchar(64) not null, "retired_customer_id" uuid not null, "ip" varchar(64) null, "user_agent" varchar(512) null, "created_at" timestamptz not null);`);
    this.addSql(`create index "account_recovery_customer_id_created_at_index" on "account_recovery" ("customer_id", "created_at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "account_recovery" cascade;`);
  }

}
