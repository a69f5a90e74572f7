import { formatCompletion } from '@glucoguard/domain';
import { Avatar } from 'antd-mobile';
import type { ReactNode } from 'react';
import styles from './profile-card.module.css';
import { tokens } from './tokens';

/** Sex codes of the customer record: 1 male, 2 female, 0 unknown. */
export type SexCode = 0 | 1 | 2;

/** The label of the profile link: 去修改 once the profile is complete, 去完善 before. */
export function completionActionLabel(percent: number): '去修改' | '去完善' {
  return percent >= 100 ? '去修改' : '去完善';
}

function DefaultAvatar({ female }: { female: boolean }) {
  const tone = female ? tokens.colorFemale : tokens.colorMale;
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" role="img" aria-label={female ? '女性默认头像' : '默认头像'}>
      <rect width="64" height="64" fill={female ? tokens.colorFemaleSurface : tokens.colorMaleSurface} />
      <circle cx="32" cy="25" r="12" fill={tone} />
      <path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill={tone} />
      {female ? (
        <path
          d="M19 27c-1-12 6-19 13-19s14 7 13 19c-3-6-7-9-13-9s-10 3-13 9z"
          fill={tokens.colorFemaleHair}
          opacity="0.55"
        />
      ) : null}
    </svg>
  );
}

export interface ProfileCardProps {
  nickname: string;
  avatarUrl?: string | null;
  sex?: SexCode;
  /** Profile completion in percent; leave out to hide the completion line. */
  completion?: number;
  /** Renders the link to the profile form given its label (the app owns routing). */
  renderAction?: (label: string) => ReactNode;
  /** A line under the name, used by the placeholder profile. */
  note?: ReactNode;
}

/** The header card of the mine tab. */
export function ProfileCard({ nickname, avatarUrl, sex = 0, completion, renderAction, note }: ProfileCardProps) {
  const size = 64;
  return (
    <div className={styles.profileCardBox}>
      <div className={styles.profileCardBox2} style={{ width: size, height: size }}>
        {avatarUrl ? (
          <Avatar
            src={avatarUrl}
            className={styles.profileCardAvatar}
            style={{ '--size': `${size}px` }}
            alt={`${nickname}的头像`}
          />
        ) : (
          <DefaultAvatar female={sex === 2} />
        )}
      </div>
      <div className={styles.profileCardBox3}>
        <div className={styles.profileCardBox4}>{nickname}</div>
        {completion === undefined ? null : (
          <div className={styles.profileCardBox5}>
            <span>资料完善度 {formatCompletion(completion)}</span>
            {renderAction?.(completionActionLabel(completion))}
          </div>
        )}
        {note === undefined ? null : <div className={styles.profileCardBox6}>{note}</div>}
      </div>
    </div>
  );
}
