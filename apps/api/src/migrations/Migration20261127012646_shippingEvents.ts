import { Migration } from '@mikro-orm/migrations';

export class Migration20261127012646_shippingEvents extends Migration {

  override name = 'Migration20261127012646_shippingEvents';

  override up(): void | Promise<void> {
    this.addSql(`create table "order_shipping_event" ("id" serial primary key, "order_id" int not null, "event" varchar(8) not null, "shipper_code" varchar(16) not null, "logistic_code" varchar(40) not null, "station" varchar(200) not null, "state" smallint not null, "staff_id" uuid not null, "at" timestamptz not null);`);
    this.addSql(`create index "order_shipping_event_order_id_at_index" on "order_shipping_event" ("order_id", "at");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "order_shipping_event" cascade;`);
  }

}
