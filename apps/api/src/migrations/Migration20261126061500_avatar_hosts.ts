import { Migration } from '@mikro-orm/migrations';

// Profile pictures stored before avatars were restricted (domain normalizeAvatarUrl) that are
// neither one of our uploads nor on the messaging app's avatar hosts are cleared: every viewer's
// browser would otherwise keep calling the stranger's server they point at. Data only; nothing to undo.

export class Migration20261126061500_avatar_hosts extends Migration {

  override name = 'Migration20261126061500_avatar_hosts';

  override up(): void | Promise<void> {
    this.addSql(`update "customer" set "headimgurl" = '' where "headimgurl" <> ''
      and "headimgurl" !~ '^(/api/files/)?uploads/[1-9][0-9]{0,8}/[0-9]{4}/[0-9]{2}/[0-9]{2}/[0-9a-f]{32}[.](jpg|png|gif|webp)$'
      and "headimgurl" !~* '^https?://(thirdwx|wx)[.]qlogo[.]cn(/[^[:space:]\\\\]*)?$';`);
  }

}
