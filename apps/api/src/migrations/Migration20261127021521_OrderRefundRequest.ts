import { Migration } from '@mikro-orm/migrations';

export class Migration20261127021521_OrderRefundRequest extends Migration {

  override name = 'Migration20261127021521_OrderRefundRequest';

  override up(): void | Promise<void> {
    this.addSql(`alter table "mall_order" add "refund_request" smallint not null default 0, add "refund_request_reason" varchar(80) null, add "refund_decline_reason" varchar(80) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "mall_order" drop column "refund_request", drop column "refund_request_reason", drop column "refund_decline_reason";`);
  }

}
