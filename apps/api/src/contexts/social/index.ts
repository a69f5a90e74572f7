/**
 * The social context's public face: follow, notices, the feed, share and invitation. It may import
 * platform, identity and health (and engagement is not allowed to import it back if it does).
 * Other contexts import only this file, never a module inside it.
 */
export { followActingFor } from './follow/follow.service';
export { socialOnAccountClosed } from './follow/follow.subscriber';
export { noticesOnReadingDeleted, noticesOnReadingRecorded } from './notice/notice.subscriber';
export {
  noticesOfCouponsIssued,
  noticesOfMonitorPlans,
  noticesOfMonitorReminders,
  noticesOfPrescriptionReviews,
  noticesOfRepairSteps,
} from './notice/notice.service';
export { feedOnReadingDeleted } from './feed/feed.subscriber';
export { shareRoutes } from './share/share.routes';
export { invitationRoutes } from './invitation/invitation.routes';
