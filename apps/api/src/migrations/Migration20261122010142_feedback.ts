import { Migration } from '@mikro-orm/migrations';

export class Migration20261122010142_feedback extends Migration {

  override name = 'Migration20261122010142_feedback';

  override up(): void | Promise<void> {
    this.addSql(`create table "feedback" ("id" bigserial primary key, "customer_id" uuid not null, "type" smallint not null, "advice_content" varchar(400) not null, "img_url" text not null default '', "source_id" smallint not null, "created_at" timestamptz not null);`);
    this.addSql(`create index "feedback_customer_id_index" on "feedback" ("customer_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "feedback" cascade;`);
  }

}
