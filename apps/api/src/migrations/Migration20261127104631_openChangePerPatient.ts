import { Migration } from '@mikro-orm/migrations';

export class Migration20261127104631_openChangePerPatient extends Migration {

  override name = 'Migration20261127104631_openChangePerPatient';

  override up(): void | Promise<void> {
    this.addSql(`create index "open_change_customer_id_xid_id_index" on "open_change" ("customer_id", "xid", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "open_change_customer_id_xid_id_index";`);
  }

}
