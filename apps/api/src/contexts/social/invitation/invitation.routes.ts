import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../../config';
import { registeredCustomer } from '../../identity';
import {
  accountQrcode,
  invitationCount,
  invitationLink,
  invitationPoster,
  sharerInviteCode,
} from './invitation.service';
import { brandOfActivity } from '../../../lib/poster';

/** Links on posters and QR codes point at PUBLIC_BASE_URL, never at the Host header a client sent. */
export function invitationRoutes(app: FastifyInstance, config: Pick<AppConfig, 'publicBaseUrl'>) {
  // How many people registered with the caller's invite code (spec 1 §3 invitation info).
  app.operation('inviteCount', async (request) => invitationCount(app.em, request.session));

  // The invitation poster (spec 1 §3 Poster): a PNG drawn on the server once per input, then cached.
  app.operation('getCustomerPoster', async (request) => {
    const customer = await registeredCustomer(app.em, request.session);
    const brand = brandOfActivity(request.query.activityName, Number(request.headers['x-source-id'] ?? 4));
    const link = invitationLink(config.publicBaseUrl, customer.inviteCode, brand);
    const { path, cached } = await invitationPoster(app.providers.storage, app.providers.sessionSecret, customer.id, {
      brand,
      nickname: customer.nickname,
      inviteCode: customer.inviteCode,
      link,
    });
    return { posterUrl: path, link, cached };
  });

  // The follow QR on a shared article (spec: QR code for the account, cid = shareCid). Visitors
  // may ask; the sharer's cid only chooses whose public invite code the entry link carries.
  // getCustomerQrCode is the spec's own name (a POST, cid in the query); getAccountQrcode stays for
  // the SDK's published name. One handler answers both.
  const qrcode = async (sourceId: number, cid: string | undefined) => {
    const brand = brandOfActivity(undefined, sourceId);
    const link = invitationLink(config.publicBaseUrl, await sharerInviteCode(app.em, cid), brand);
    return accountQrcode(app.providers.storage, app.providers.sessionSecret, brand, link);
  };
  app.operation('getAccountQrcode', (request) =>
    qrcode(Number(request.headers['x-source-id'] ?? 4), request.query.cid),
  );
  app.operation('getCustomerQrCode', (request) =>
    qrcode(Number(request.headers['x-source-id'] ?? 4), request.query.cid),
  );
}
