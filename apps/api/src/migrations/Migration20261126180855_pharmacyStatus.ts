import { Migration } from '@mikro-orm/migrations';

export class Migration20261126180855_pharmacyStatus extends Migration {

  override name = 'Migration20261126180855_pharmacyStatus';

  override up(): void | Promise<void> {
    this.addSql(`alter table "pharmacy" add "status" smallint not null default 1;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "pharmacy" drop column "status";`);
  }

}
