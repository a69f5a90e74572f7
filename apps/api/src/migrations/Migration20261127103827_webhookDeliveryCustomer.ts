import { Migration } from '@mikro-orm/migrations';

export class Migration20261127103827_webhookDeliveryCustomer extends Migration {

  override name = 'Migration20261127103827_webhookDeliveryCustomer';

  override up(): void | Promise<void> {
    this.addSql(`alter table "open_webhook_delivery" add "customer_id" uuid null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "open_webhook_delivery" drop column "customer_id";`);
  }

}
