import { FOLLOW_PROMPT } from '@glucoguard/domain';
import { Dialog } from 'antd-mobile';

/** Spec 1 §4: a user who does not follow the official account is asked to, and nothing else opens. */
export default function FollowPrompt() {
  return (
    <Dialog visible title={FOLLOW_PROMPT.title} content={FOLLOW_PROMPT.content} actions={[]} closeOnMaskClick={false} />
  );
}
