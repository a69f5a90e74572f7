import type { FastifyInstance } from 'fastify';
import { Customer } from '../customer/customer.entity';
import { registeredCustomer } from '../customer/customer.service';
import type { SessionContext } from '../session/session.service';

export function inviteRoutes(app: FastifyInstance) {
  // How many people registered with the caller's invite code (spec 1 §3 invitation info).
  app.operation('inviteCount', async (request) => {
    const customer = await registeredCustomer(app.em, request.session as SessionContext);
    const count = await app.em.count(Customer, { usedInviteCode: customer.inviteCode, registeredAt: { $ne: null } });
    return { count, inviteCode: customer.inviteCode };
  });
}
