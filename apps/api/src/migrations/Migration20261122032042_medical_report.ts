import { Migration } from '@mikro-orm/migrations';

export class Migration20261122032042_medical_report extends Migration {

  override name = 'Migration20261122032042_medical_report';

  override up(): void | Promise<void> {
    this.addSql(`create table "medical_report" ("id" bigserial primary key, "customer_id" uuid not null, "type_code" smallint not null, "report_name" varchar(32) not null, "image_path" varchar(255) not null, "preview_path" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null);`);
    this.addSql(`create index "medical_report_customer_id_type_code_index" on "medical_report" ("customer_id", "type_code");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "medical_report" cascade;`);
  }

}
