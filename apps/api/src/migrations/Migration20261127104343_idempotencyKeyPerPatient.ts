import { Migration } from '@mikro-orm/migrations';

/**
 * An Idempotency-Key is one client's for one patient (review s9 #1, docs/adr/0222-idempotency-keys.md):
 * `customer_id` joins the primary key. Rows already stored take the patient of their stored answer
 * (an OpenReading's `patientId`), else the nil uuid (a request still running, or no patient).
 */
export class Migration20261127104343_idempotencyKeyPerPatient extends Migration {

  override name = 'Migration20261127104343_idempotencyKeyPerPatient';

  override up(): void | Promise<void> {
    this.addSql(`alter table "open_idempotency_key" drop constraint "open_idempotency_key_pkey";`);
    this.addSql(`alter table "open_idempotency_key" add "customer_id" uuid not null default '00000000-0000-0000-0000-000000000000';`);
    this.addSql(`update "open_idempotency_key" set "customer_id" = ("response"->>'patientId')::uuid where "response"->>'patientId' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';`);
    this.addSql(`alter table "open_idempotency_key" alter column "customer_id" drop default;`);
    this.addSql(`alter table "open_idempotency_key" add primary key ("client_id", "customer_id", "key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "open_idempotency_key" drop constraint "open_idempotency_key_pkey";`);
    this.addSql(`delete from "open_idempotency_key" a using "open_idempotency_key" b where a."client_id" = b."client_id" and a."key" = b."key" and a."customer_id" > b."customer_id";`);
    this.addSql(`alter table "open_idempotency_key" drop column "customer_id";`);
    this.addSql(`alter table "open_idempotency_key" add primary key ("client_id", "key");`);
  }

}
