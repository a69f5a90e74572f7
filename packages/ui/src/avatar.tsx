import type { CSSProperties } from 'react';

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
 * on a soft colour (pink for women, blue otherwise) when there is none.
 */
export function PersonAvatar({ name, url, sex = 0, size = 40 }: PersonAvatarProps) {
  const style: CSSProperties = { width: size, height: size, borderRadius: '50%', flex: 'none', overflow: 'hidden' };
  if (url) {
    return <img src={url} alt={`${name}的头像`} style={{ ...style, objectFit: 'cover' }} />;
  }
  const initial = Array.from(name.trim())[0] ?? '?';
  return (
    <span
      role="img"
      aria-label={`${name}的头像`}
      style={{
        ...style,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        fontSize: size * 0.42,
        color: '#fff',
        background: sex === 2 ? '#f48fb1' : '#64b5f6',
      }}
    >
      {initial}
    </span>
  );
}
