import { Migration } from '@mikro-orm/migrations';

// The delivery log's retention deletes finished deliveries oldest first by updated_at, daily
// (docs/adr/0233, docs/adr/0234): a partial index of them, pending deliveries left out.

export class Migration20261127141940_deliveryFinishedIndex extends Migration {

  override name = 'Migration20261127141940_deliveryFinishedIndex';

  override up(): void | Promise<void> {
    this.addSql(`create index "open_webhook_delivery_finished_index" on "open_webhook_delivery" ("updated_at") where "status" <> 'pending';`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "open_webhook_delivery_finished_index";`);
  }

}
