import type { CSSProperties } from 'react';
import styles from './avatar.module.css';
import { tokens } from './tokens';

export interface PersonAvatarProps {
  /** The name shown beside it; its first character stands in for a missing picture. */
  name: string;
  /** The picture's address, if the person has one. */
  url?: string | null;
  /** 2 female, anything else male or unknown: only the stand-in's colour. */
  sex?: number;
  /** Width and height in px; 40 by default. */
  size?: number;
}

/**
 * A person's round avatar in lists and posts: their picture, or the first character of their name
 * on a deep colour (rose for women, blue otherwise; white on it at least 4.5:1) when there is none.
 */
export function PersonAvatar({ name, url, sex = 0, size = 40 }: PersonAvatarProps) {
  // The size is the caller's; the stand-in's colour depends on the person (tokens --gg-color-female-avatar / -male-avatar).
  const style: CSSProperties = { width: size, height: size };
  if (url) {
    return <img src={url} alt={`${name}的头像`} className={`${styles.avatar} ${styles.picture}`} style={style} />;
  }
  const initial = Array.from(name.trim())[0] ?? '?';
  return (
    <span
      role="img"
      aria-label={`${name}的头像`}
      className={`${styles.avatar} ${styles.standIn}`}
      style={{
        ...style,
        fontSize: size * 0.42,
        background: sex === 2 ? tokens.colorFemaleAvatar : tokens.colorMaleAvatar,
      }}
    >
      {initial}
    </span>
  );
}
