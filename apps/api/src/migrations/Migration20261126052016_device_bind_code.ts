import { Migration } from '@mikro-orm/migrations';

// Meters get a bind code, kept as a salted hash (device.entity.ts). Meters provisioned before this
// get none here: a code made in SQL could never be printed (only its hash would exist), so such a
// meter cannot be bound until an operator issues one with `npm run device -- bind-code` and sticks
// it on the meter. Meters already bound stay bound (docs/adr/0091-bind-code.md).

export class Migration20261126052016_device_bind_code extends Migration {

  override name = 'Migration20261126052016_device_bind_code';

  override up(): void | Promise<void> {
    this.addSql(`alter table "device" add "bind_code_hash" varchar(160) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "device" drop column "bind_code_hash";`);
  }

}
