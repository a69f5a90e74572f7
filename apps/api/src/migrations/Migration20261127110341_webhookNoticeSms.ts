import { Migration } from '@mikro-orm/migrations';

// The SMS of a switched-off webhook subscription's notice (docs/adr/0224): its state, when, and why
// it was not sent. Rows switched off before this keep nulls (their notice was only stored).

export class Migration20261127110341_webhookNoticeSms extends Migration {

  override name = 'Migration20261127110341_webhookNoticeSms';

  override up(): void | Promise<void> {
    this.addSql(`alter table "open_webhook_subscription" add "notice_sms_status" varchar(10) null, add "notice_sms_at" timestamptz null, add "notice_sms_error" varchar(200) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "open_webhook_subscription" drop column "notice_sms_status", drop column "notice_sms_at", drop column "notice_sms_error";`);
  }

}
