import { randomBytes } from 'node:crypto';
import {
  clientSettingsProblem,
  CLIENT_RATE_LIMIT,
  isOpenGrantType,
  isOpenScope,
  maskPersonName,
  maskPhone,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { BodyOf, QueryOf } from '../../../lib/contract';
import { inTransaction, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import { recordAudit, recordPageRead, type AuditActor } from '../../platform';
import { hashSecret } from '../oauth/oauth.gate';
import { ClientsRepository, type ClientGrantRow, type ClientRow } from './clients.repository';

// The console's registration of integrators' OAuth clients (admin, permission open.clients;
// docs/adr/0220-client-registration-in-the-console.md). The server makes the client id and the
// secret; the secret is answered once and kept only as its SHA-256 hash (oauth's hashSecret, the
// one the token endpoint compares with), so a lost secret is rotated, never shown again. Every read
// and change is audited.

type ClientView = Schema<'OAuthClient'>;

const NOT_FOUND = '应用不存在';

/** `gg_client_` and 22 random base64url characters (128 bits). */
export function newClientId(): string {
  return `gg_client_${randomBytes(16).toString('base64url')}`;
}

/** `gg_secret_` and 43 random base64url characters (256 bits). */
export function newClientSecret(): string {
  return `gg_secret_${randomBytes(32).toString('base64url')}`;
}

function clientView(row: ClientRow): ClientView {
  return {
    clientId: row.clientId,
    name: row.name,
    organisation: row.organisation,
    contactPhone: row.contactPhone,
    contactEmail: row.contactEmail,
    redirectUris: [...row.redirectUris],
    allowedScopes: row.allowedScopes.filter(isOpenScope),
    grantTypes: row.grantTypes.filter(isOpenGrantType),
    rateLimitPerMinute: row.rateLimitPerMinute,
    disabled: row.disabled,
    createTime: row.createdAt.toISOString(),
    updateTime: row.updatedAt.toISOString(),
  };
}

type Settings = Pick<
  ClientRow,
  | 'name'
  | 'organisation'
  | 'contactPhone'
  | 'contactEmail'
  | 'redirectUris'
  | 'allowedScopes'
  | 'grantTypes'
  | 'rateLimitPerMinute'
>;

/** Trims the texts, keeps the redirect URIs as typed (matched exactly), and checks the whole with the domain. */
function checkedSettings(settings: Settings): Settings {
  const tidy: Settings = {
    ...settings,
    name: settings.name.trim(),
    organisation: settings.organisation.trim(),
    contactPhone: settings.contactPhone.trim(),
    contactEmail: settings.contactEmail.trim(),
  };
  if (!tidy.name) {
    throw new AppError(ErrorCodes.badRequest, '应用名称为1到40个字');
  }
  if (!tidy.organisation) {
    throw new AppError(ErrorCodes.badRequest, '所属机构为1到60个字');
  }
  if (tidy.contactEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(tidy.contactEmail)) {
    throw new AppError(ErrorCodes.badRequest, '请输入正确的联系邮箱');
  }
  const problem = clientSettingsProblem(tidy);
  if (problem) {
    throw new AppError(ErrorCodes.badRequest, problem);
  }
  return tidy;
}

export async function consoleOpenClients(db: Db, actor: AuditActor, query: QueryOf<'consoleOpenClients'>, now: Date) {
  const { pageNo = 1, pageSize = 20 } = query;
  const keyword = query.keyword?.trim() || undefined;
  const disabled = query.disabled === undefined ? undefined : query.disabled === 1;
  const repo = new ClientsRepository(db);
  const [rows, total] = await repo.page({ keyword, disabled }, (pageNo - 1) * pageSize, pageSize);
  const grantCounts = await repo.liveGrantCounts(rows.map((row) => row.clientId));
  await recordAudit(db, actor, { action: 'open.client.list', detail: keyword ? { keyword } : null }, now);
  const items = rows.map((row) => ({ ...clientView(row), grantCount: grantCounts.get(row.clientId) ?? 0 }));
  return { ...pageOf(items, total, pageNo, pageSize), total };
}

function grantView(row: ClientGrantRow): Schema<'OAuthClientGrant'> {
  return {
    grantId: row.grantId,
    patientName: maskPersonName(row.nickname),
    patientPhone: maskPhone(row.phone),
    scopes: row.scopes.filter(isOpenScope),
    grantedAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * 授权记录: one client's grants, newest first, the patients masked (docs/adr/0235). A page shows
 * several patients' grants, so the read is audited once per distinct patient on it (the trail keeps
 * one patient an event), or once without a patient when the page is empty.
 */
export async function consoleOpenClientGrants(
  db: Db,
  actor: AuditActor,
  clientId: string,
  query: QueryOf<'consoleOpenClientGrants'>,
  now: Date,
) {
  const { pageNo = 1, pageSize = 20 } = query;
  const repo = new ClientsRepository(db);
  if (!(await repo.byClientId(clientId))) {
    throw notFound(NOT_FOUND);
  }
  const [rows, total] = await repo.grantsPage(clientId, (pageNo - 1) * pageSize, pageSize);
  const patients = new Map(rows.map((row) => [row.customerId, {}]));
  await recordPageRead(
    db,
    actor,
    { action: 'open.grant.list', target: `client:${clientId}`, detail: { pageNo } },
    patients,
    now,
  );
  return { ...pageOf(rows.map(grantView), total, pageNo, pageSize), total };
}

export async function consoleOpenClient(db: Db, actor: AuditActor, clientId: string, now: Date) {
  const row = await new ClientsRepository(db).byClientId(clientId);
  if (!row) {
    throw notFound(NOT_FOUND);
  }
  await recordAudit(db, actor, { action: 'open.client.read', target: `client:${clientId}` }, now);
  return clientView(row);
}

/** Registers a client; answers it with its secret, which is never shown again. */
export async function createOpenClient(db: Db, actor: AuditActor, input: BodyOf<'consoleOpenClientCreate'>, now: Date) {
  const settings = checkedSettings({
    name: input.name,
    organisation: input.organisation,
    contactPhone: input.contactPhone,
    contactEmail: input.contactEmail ?? '',
    redirectUris: input.redirectUris,
    allowedScopes: input.allowedScopes,
    grantTypes: input.grantTypes,
    rateLimitPerMinute: input.rateLimitPerMinute ?? CLIENT_RATE_LIMIT.default,
  });
  const clientId = newClientId();
  const clientSecret = newClientSecret();
  await inTransaction(db, async (tx) => {
    await new ClientsRepository(tx).insert({
      ...settings,
      clientId,
      secretHash: hashSecret(clientSecret),
      disabled: false,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(
      tx,
      actor,
      {
        action: 'open.client.create',
        target: `client:${clientId}`,
        detail: { name: settings.name, scopes: settings.allowedScopes, grantTypes: settings.grantTypes },
      },
      now,
    );
  });
  const row = await new ClientsRepository(db).byClientId(clientId);
  return { client: clientView(row!), clientSecret };
}

/**
 * Changes the fields sent, checking the result as a whole; `disabled` switches the client off (no
 * tokens, its tokens refused) or on again. The row is locked so two saves at once cannot together
 * make settings neither checked.
 */
export async function updateOpenClient(
  db: Db,
  actor: AuditActor,
  clientId: string,
  patch: BodyOf<'consoleOpenClientUpdate'>,
  now: Date,
) {
  await inTransaction(db, async (tx) => {
    const repo = new ClientsRepository(tx);
    const row = await repo.lockByClientId(clientId);
    if (!row) {
      throw notFound(NOT_FOUND);
    }
    const { disabled, ...fields } = patch;
    const changed = Object.keys(fields);
    const settings =
      changed.length > 0
        ? checkedSettings({
            name: fields.name ?? row.name,
            organisation: fields.organisation ?? row.organisation,
            contactPhone: fields.contactPhone ?? row.contactPhone,
            contactEmail: fields.contactEmail ?? row.contactEmail,
            redirectUris: fields.redirectUris ?? row.redirectUris,
            allowedScopes: fields.allowedScopes ?? row.allowedScopes,
            grantTypes: fields.grantTypes ?? row.grantTypes,
            rateLimitPerMinute: fields.rateLimitPerMinute ?? row.rateLimitPerMinute,
          })
        : {};
    await repo.update(clientId, { ...settings, ...(disabled !== undefined && { disabled }), updatedAt: now });
    if (changed.length > 0) {
      await recordAudit(
        tx,
        actor,
        { action: 'open.client.update', target: `client:${clientId}`, detail: { fields: changed } },
        now,
      );
    }
    if (disabled !== undefined && disabled !== row.disabled) {
      await recordAudit(
        tx,
        actor,
        { action: disabled ? 'open.client.disable' : 'open.client.enable', target: `client:${clientId}` },
        now,
      );
    }
  });
  return clientView((await new ClientsRepository(db).byClientId(clientId))!);
}

/** A new secret, answered once; the old one stops working at once. */
export async function rotateOpenClientSecret(db: Db, actor: AuditActor, clientId: string, now: Date) {
  const clientSecret = newClientSecret();
  await inTransaction(db, async (tx) => {
    const repo = new ClientsRepository(tx);
    if (!(await repo.lockByClientId(clientId))) {
      throw notFound(NOT_FOUND);
    }
    await repo.update(clientId, { secretHash: hashSecret(clientSecret), updatedAt: now });
    await recordAudit(tx, actor, { action: 'open.client.secret', target: `client:${clientId}` }, now);
  });
  return { clientId, clientSecret };
}
