import type { FastifyInstance } from 'fastify';
import { staffActor } from '../../identity';
import { registeredCustomerId } from '../../../lib/session-context';
import {
  allCoupons,
  consoleCoupons,
  couponRecipients,
  createCouponTemplate,
  issueCoupon,
  usableCoupons,
} from './coupon.service';

/** A customer's coupons (tag `coupon`): registered customers, their own coupons only. */
export function couponRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('couponQueryAll', async (request) =>
    allCoupons(app.em, registeredCustomerId(request.session), request.query, now()),
  );
  app.operation('couponQueryCanUse', async (request) =>
    usableCoupons(app.em, registeredCustomerId(request.session), request.query, now()),
  );
}

/** Coupon templates and issuing them (tag `consoleCoupon`, permission `coupons.manage`); every change is audited. */
export function consoleCouponRoutes(app: FastifyInstance) {
  const now = () => app.providers.clock();

  app.operation('consoleCoupons', async (request) => consoleCoupons(app.em, request.query));
  app.operation('consoleCreateCoupon', async (request) =>
    createCouponTemplate(app.em, staffActor(request, request.staff), request.body, now()),
  );
  app.operation('consoleIssueCoupon', async (request) =>
    issueCoupon(app.em, staffActor(request, request.staff), request.params.templateId, request.body, now()),
  );
  app.operation('consoleCouponRecipients', async (request) =>
    couponRecipients(app.em, staffActor(request, request.staff), request.query.keyword, now()),
  );
}
