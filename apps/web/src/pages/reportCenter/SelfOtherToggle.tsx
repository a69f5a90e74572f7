import { EMPTY_FOLLOW_LIST_MESSAGE } from '@glucoguard/domain';
import { Dialog, Selector } from 'antd-mobile';
import { toast } from '../../session/errors';

/** Asked before recording for someone else (spec 2 §2.4, §2.9). */
export const OTHER_PERSON_CONFIRM = '为亲友记录时，当前填写的数据将不会保存，确定切换吗？';

/**
 * The Self / Other choice. Choosing 'Other' asks for confirmation that the data will not be saved,
 * then needs a followed person; recording for relatives needs the friends feature (refused by the
 * API for now), so the follow list is empty and the spec's toast shows, leaving 'Self' chosen.
 */
export function SelfOtherToggle({ disabled = false }: { disabled?: boolean }) {
  const chooseOther = async () => {
    const confirmed = await Dialog.confirm({ content: OTHER_PERSON_CONFIRM, confirmText: '确定', cancelText: '取消' });
    if (confirmed) {
      toast(EMPTY_FOLLOW_LIST_MESSAGE);
    }
  };
  return (
    <div role="group" aria-label="记录对象">
    <Selector
      columns={2}
      disabled={disabled}
      options={[
        { label: '自己', value: 'self' },
        { label: '亲友', value: 'other' },
      ]}
      value={['self']}
      onChange={(values) => {
        if (values[0] === 'other') {
          void chooseOther();
        }
      }}
    />
    </div>
  );
}
