import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010731_location extends Migration {

  override name = 'Migration20261122010731_location';

  override up(): void | Promise<void> {
    this.addSql(`alter table "customer" add "longitude" numeric(9,6) null, add "latitude" numeric(8,6) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "customer" drop column "longitude", drop column "latitude";`);
  }

}
