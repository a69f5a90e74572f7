import type { Db } from '../../../lib/db';
import type { SessionContext } from '../../../lib/session-context';
import { CustomerRepository, registeredCustomer } from '../../identity';
import type { Brand } from '@glucoguard/domain';
import { cachedImage } from '../../../lib/poster';
import type { ObjectStore } from '../../../providers/storage/storage';
import {
  POSTER_VERSION,
  renderAccountQr,
  renderInvitationPoster,
  type InvitationPosterContent,
} from './invitation.poster';

/** The invitation link a poster's QR code carries: the registration page with the code and brand. */
export function invitationLink(origin: string, inviteCode: string | null, brand: Brand): string {
  const url = new URL('/register/register', origin);
  if (inviteCode !== null) {
    url.searchParams.set('inviteCode', inviteCode);
  }
  url.searchParams.set('sourceId', brand === 'health' ? '3' : '4');
  return url.toString();
}

export async function invitationPoster(
  store: ObjectStore,
  secret: string,
  customerId: string,
  content: InvitationPosterContent,
) {
  return cachedImage(store, secret, 'posters', { v: POSTER_VERSION, customerId, ...content }, () =>
    renderInvitationPoster(content),
  );
}

/** The follow QR of a shared article: public, it only shows the sharer's invite code in a link. */
export async function accountQrcode(store: ObjectStore, secret: string, brand: Brand, link: string) {
  const { path, cached } = await cachedImage(store, secret, 'qrcodes', { v: 1, brand, link }, () =>
    renderAccountQr(brand, link),
  );
  return { qrcodeUrl: path, link, cached };
}

/** How many people registered with the caller's invite code (spec 1 §3 invitation info). */
export async function invitationCount(db: Db, session: SessionContext) {
  const customer = await registeredCustomer(db, session);
  const count = await new CustomerRepository(db).countRegisteredInvitedBy(customer.inviteCode);
  return { count, inviteCode: customer.inviteCode };
}

/** The public invite code of a registered sharer, or null (no sharer, or not a registered one). */
export async function sharerInviteCode(db: Db, sharerId: string | undefined): Promise<string | null> {
  const sharer = sharerId === undefined ? null : await new CustomerRepository(db).findRegistered(sharerId);
  return sharer?.inviteCode ?? null;
}
