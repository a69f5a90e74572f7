import { Migration } from '@mikro-orm/migrations';

export class Migration20261126180723_patientNational extends Migration {

  override name = 'Migration20261126180723_patientNational';

  override up(): void | Promise<void> {
    this.addSql(`alter table "health_record" add "national" varchar(8) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "health_record" drop column "national";`);
  }

}
