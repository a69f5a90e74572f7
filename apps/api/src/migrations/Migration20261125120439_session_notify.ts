import { Migration } from '@mikro-orm/migrations';

// Each API process caches the sessions it checked (contexts/identity/session/session.cache.ts) and listens on
// `session_changed`: these triggers announce every change to a session and to a customer's openid or
// registration, whoever makes it (the API, an operator's SQL), at commit.

export class Migration20261125120439_session_notify extends Migration {

  override name = 'Migration20261125120439_session_notify';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "customer_customer_identity_changed_fn"() returns trigger as \$\$ begin if tg_op = 'DELETE' or old.openid is distinct from new.openid or old.registered_at is distinct from new.registered_at then perform pg_notify('session_changed', 'c:' || old.id::text); end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "customer_identity_changed" AFTER UPDATE OR DELETE on "customer" for each ROW execute function "customer_customer_identity_changed_fn"();`);

    this.addSql(`create or replace function "session_session_changed_fn"() returns trigger as \$\$ begin perform pg_notify('session_changed', 's:' || old.token_hash); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "session_changed" AFTER UPDATE OR DELETE on "session" for each ROW execute function "session_session_changed_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "customer_identity_changed" on "customer";`);
    this.addSql(`drop function if exists "customer_customer_identity_changed_fn"();`);

    this.addSql(`drop trigger if exists "session_changed" on "session";`);
    this.addSql(`drop function if exists "session_session_changed_fn"();`);
  }

}
