import { Migration } from '@mikro-orm/migrations';

// A webhook subscription's secret before its last rotation and when it stops signing deliveries
// (docs/adr/0232): null for subscriptions never rotated.

export class Migration20261127134114_webhookSecretRotation extends Migration {

  override name = 'Migration20261127134114_webhookSecretRotation';

  override up(): void | Promise<void> {
    this.addSql(`alter table "open_webhook_subscription" add "previous_secret" varchar(60) null, add "previous_secret_expires_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "open_webhook_subscription" drop column "previous_secret", drop column "previous_secret_expires_at";`);
  }

}
