import { Link } from 'react-router-dom';
import { imageUrl, useSession } from '../../store/session';
import { NameMark } from './common';
import styles from './afterSales.module.css';

/** One row of an after-sales list: the item's picture (or its first character), its name, a link. */
export function ItemRow({ to, name, iconUrl, note }: { to: string; name: string; iconUrl: string; note?: string }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const icon = imageUrl(iconUrl, imgDomain);
  return (
    <Link to={to} className={styles.row}>
      {icon ? <img className={styles.rowIcon} src={icon} alt="" /> : <NameMark name={name} />}
      <span className={styles.rowBody}>
        <span className={styles.rowName}>{name}</span>
        {note ? <span className={styles.note}>{note}</span> : null}
      </span>
      <span className={styles.chevron} aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
