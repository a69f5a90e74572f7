import { EMPTY_FOLLOW_LIST_MESSAGE, PAGE_SIZES } from '@glucoguard/domain';
import { ActionSheet, Dialog, Selector } from 'antd-mobile';
import { api } from '../../api';
import { showError, toast } from '../../ui/toast';
import styles from './SelfOtherToggle.module.css';

/** Asked before recording for someone else (spec 2 §2.4, §2.9). */
export const OTHER_PERSON_CONFIRM = '为亲友记录时，当前填写的数据将不会保存，确定切换吗？';

/** The person a reading is recorded for, when it is not the user. */
export interface RecordTarget {
  /** The patient's customer id, sent as `followerId`. */
  customerId: string;
  /** The note name the user gave them (else their nickname). */
  name: string;
}

/** The people the user may record for: accepted follows among the first 100 (spec 2 §9 follow list). */
async function grantedPeople(): Promise<RecordTarget[]> {
  const page = await api().GET('/follower/v1/queryIFocus', {
    params: { query: { pageNo: 1, pageSize: PAGE_SIZES.followList } },
  });
  return page.items.filter((f) => f.auditStatus === 1).map((f) => ({ customerId: f.customerId, name: f.customerNote }));
}

export interface SelfOtherToggleProps {
  disabled?: boolean;
  /** Who the reading is for: `null` is the user. */
  target: RecordTarget | null;
  /** Called with the chosen person (after the confirmation), or `null` when switching back to 自己. */
  onChange: (target: RecordTarget | null) => void;
}

/**
 * The Self / Other choice. Choosing 'Other' asks for confirmation that the data filled in so far
 * will not be kept, then needs a followed person who granted it (the follow list with page size
 * 100): an empty list shows the spec's toast and leaves 'Self' chosen; otherwise the user picks one.
 */
export function SelfOtherToggle({ disabled = false, target, onChange }: SelfOtherToggleProps) {
  const chooseOther = async () => {
    const confirmed = await Dialog.confirm({ content: OTHER_PERSON_CONFIRM, confirmText: '确定', cancelText: '取消' });
    if (!confirmed) {
      return;
    }
    let people: RecordTarget[];
    try {
      people = await grantedPeople();
    } catch (error) {
      showError(error);
      return;
    }
    if (people.length === 0) {
      toast(EMPTY_FOLLOW_LIST_MESSAGE);
      return;
    }
    const handler = ActionSheet.show({
      extra: '选择为哪位亲友记录',
      cancelText: '取消',
      actions: people.map((person) => ({ key: person.customerId, text: person.name })),
      onAction: (action) => {
        const chosen = people.find((person) => person.customerId === action.key);
        if (chosen) {
          onChange(chosen);
        }
        handler.close();
      },
    });
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
        value={[target === null ? 'self' : 'other']}
        onChange={(values) => {
          if (values[0] === 'other' && target === null) {
            void chooseOther();
          } else if (values[0] === 'self' && target !== null) {
            onChange(null);
          }
        }}
      />
      {target === null ? null : (
        <div className={styles.selfOtherToggleBox}>
          正在为 <strong aria-label="记录对象姓名">{target.name}</strong> 记录，数据将保存到对方的记录中
          <a
            role="button"
            tabIndex={0}
            className={styles.selfOtherToggleLink}
            onClick={() => void chooseOther()}
            onKeyDown={(e) => e.key === 'Enter' && void chooseOther()}
          >
            更换
          </a>
        </div>
      )}
    </div>
  );
}
