/**
 * The engagement context's public face: points, the strip ledger (试纸), the daily check-in, articles, the assistant and
 * feedback. It may import platform, identity and health (and social in one direction only). Other
 * contexts import only this file, never a module inside it.
 */
export { pointsOnReadingRecorded } from './points/points.subscriber';
export { stripsOnAccountClosed, stripsOnInvitationAccepted } from './strips/strips.subscriber';
export { stripsRoutes } from './strips/strips.routes';
export { pointsBalance, returnOrderPoints, spendOrderPoints } from './points/points.service';
export { returnOrderStrips, spendOrderStrips, stripBalance } from './strips/strips.service';
export { checkInRoutes } from './check-in/checkIn.routes';
export { articleRoutes } from './article/article.routes';
export { bannerRoutes } from './banner/banner.routes';
export { assistantRoutes } from './assistant/assistant.routes';
export { feedbackRoutes } from './feedback/feedback.routes';
