import { Migration } from '@mikro-orm/migrations';

export class Migration20261127093350_openChangeFeed extends Migration {

  override name = 'Migration20261127093350_openChangeFeed';

  override up(): void | Promise<void> {
    this.addSql(`create table "open_idempotency_key" ("client_id" varchar(100) not null, "key" varchar(255) not null, "fingerprint" varchar(64) not null, "response" jsonb null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("client_id", "key"));`);
    this.addSql(`create index "open_idempotency_key_expires_at_index" on "open_idempotency_key" ("expires_at");`);

    this.addSql(`create table "open_change" ("id" bigserial primary key, "xid" xid8 not null default pg_current_xact_id(), "customer_id" uuid not null, "resource_type" varchar(8) not null, "resource_id" varchar(40) not null, "op" varchar(8) not null, "payload" jsonb null, "occurred_at" timestamptz not null);`);
    this.addSql(`create index "open_change_xid_id_index" on "open_change" ("xid", "id");`);

    this.addSql(`create table "open_provisioned_device" ("imei" varchar(15) not null, "client_id" varchar(100) not null, "created_at" timestamptz not null, primary key ("imei"));`);
    this.addSql(`create index "open_provisioned_device_client_id_index" on "open_provisioned_device" ("client_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "open_idempotency_key" cascade;`);
    this.addSql(`drop table if exists "open_change" cascade;`);
    this.addSql(`drop table if exists "open_provisioned_device" cascade;`);
  }

}
