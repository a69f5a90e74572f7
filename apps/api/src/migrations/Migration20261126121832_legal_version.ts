import { Migration } from '@mikro-orm/migrations';

export class Migration20261126121832_legal_version extends Migration {

  override name = 'Migration20261126121832_legal_version';

  override up(): void | Promise<void> {
    this.addSql(`alter table "customer" add "legal_version" varchar(10) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "customer" drop column "legal_version";`);
  }

}
