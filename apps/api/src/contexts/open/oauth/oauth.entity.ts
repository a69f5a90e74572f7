import { defineEntity, p } from '@mikro-orm/core';

/**
 * An integrator's client (issue 23): registered in the console (应用接入), with the exact redirect
 * URIs, the scopes and grant types it may use, its per-minute limit and a secret kept only as its
 * SHA-256 hash (`gg_secret_…` is shown once). Its id is `gg_client_…`.
 */
export const OAuthClientSchema = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_client',
  properties: {
    id: p.string().length(64).primary(),
    name: p.string().length(50),
    organisation: p.string().length(100),
    contactPhone: p.string().length(20).default(''),
    contactEmail: p.string().length(100).default(''),
    /** SHA-256 (hex) of the client secret. */
    secretHash: p.string().length(64),
    /** Compared by exact string equality, never by prefix or pattern. */
    redirectUris: p.json<string[]>(),
    allowedScopes: p.json<string[]>(),
    /** authorization_code, refresh_token, client_credentials. */
    grantTypes: p.json<string[]>(),
    rateLimitPerMinute: p.integer().default(600),
    disabled: p.boolean().default(false),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});
export class OAuthClient extends OAuthClientSchema.class {}
OAuthClientSchema.setClass(OAuthClient);

/**
 * A grant (授权): one patient's consent to one client for a set of scopes. At most one live grant
 * per patient and client (a later approval widens it); revoking it revokes every token of it.
 */
export const OAuthGrantSchema = defineEntity({
  name: 'OAuthGrant',
  tableName: 'oauth_grant',
  indexes: [{ properties: ['customerId', 'revokedAt'] }, { properties: ['clientId', 'customerId'] }],
  properties: {
    id: p.uuid().primary(),
    clientId: p.string().length(64),
    customerId: p.uuid(),
    scopes: p.json<string[]>(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
  },
});
export class OAuthGrant extends OAuthGrantSchema.class {}
OAuthGrantSchema.setClass(OAuthGrant);

/** An authorization code: 10 minutes, single use, bound to the client, redirect URI and S256 challenge. */
export const OAuthCodeSchema = defineEntity({
  name: 'OAuthCode',
  tableName: 'oauth_code',
  properties: {
    /** SHA-256 (hex) of the code. */
    codeHash: p.string().length(64).primary(),
    clientId: p.string().length(64),
    grantId: p.uuid(),
    customerId: p.uuid(),
    redirectUri: p.string().length(2000),
    scopes: p.json<string[]>(),
    codeChallenge: p.string().length(128),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export class OAuthCode extends OAuthCodeSchema.class {}
OAuthCodeSchema.setClass(OAuthCode);

/**
 * An access (`oat_…`, 1 hour) or refresh (`ort_…`, 30 days) token, kept only as its SHA-256 hash.
 * A patient's tokens carry their grant and a family: the chain started by one code exchange, which
 * every refresh continues; a rotated refresh token presented again revokes its whole family.
 */
export const OAuthTokenSchema = defineEntity({
  name: 'OAuthToken',
  tableName: 'oauth_token',
  indexes: [{ properties: ['grantId'] }, { properties: ['familyId'] }, { properties: ['expiresAt'] }],
  properties: {
    tokenHash: p.string().length(64).primary(),
    kind: p.string().length(10).$type<'access' | 'refresh'>(),
    clientId: p.string().length(64),
    grantId: p.uuid().nullable(),
    customerId: p.uuid().nullable(),
    familyId: p.uuid().nullable(),
    scopes: p.json<string[]>(),
    expiresAt: p.datetime(),
    /** A refresh token: when it was used and replaced by the next of its family. */
    rotatedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
    createdAt: p.datetime(),
  },
});
export class OAuthToken extends OAuthTokenSchema.class {}
OAuthTokenSchema.setClass(OAuthToken);

/** A client's open-operation calls in one clock minute (the per-client limit's fixed window). */
export const OAuthClientMinuteSchema = defineEntity({
  name: 'OAuthClientMinute',
  tableName: 'oauth_client_minute',
  properties: {
    clientId: p.string().length(64).primary(),
    minute: p.datetime().primary(),
    calls: p.integer(),
  },
});
export class OAuthClientMinute extends OAuthClientMinuteSchema.class {}
OAuthClientMinuteSchema.setClass(OAuthClientMinute);
