import { Migration } from '@mikro-orm/migrations';

export class Migration20261126113530_banner extends Migration {

  override name = 'Migration20261126113530_banner';

  override up(): void | Promise<void> {
    this.addSql(`create table "banner" ("id" int not null, "product_code" varchar(32) not null, "title" varchar(64) not null, "img_url" varchar(256) not null, "click_url" varchar(512) not null default '', "sort" smallint not null default 0, "status" smallint not null default 1, "starts_at" timestamptz null, "ends_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "banner_product_code_status_sort_index" on "banner" ("product_code", "status", "sort");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "banner" cascade;`);
  }

}
