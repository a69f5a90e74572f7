import { REGISTER_PATH, profileCompletion } from '@glucoguard/domain';
import { ProfileCard } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { brandOf } from '../../brand';
import { ChevronIcon, CouponIcon, FileIcon, OrderIcon, ScaleIcon } from '../../components/icons';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SwitchBackEntry } from '../../session/SwitchBackEntry';
import { imageUrl, isRegistered, useSession } from '../../store/session';
import { MINE_SHORTCUTS, mineMenu } from './menu';
import styles from './MineTab.module.css';

const SHORTCUT_ICONS: Record<string, () => ReactNode> = {
  orders: OrderIcon,
  healthInfo: FileIcon,
  weight: ScaleIcon,
  coupons: CouponIcon,
};

/** The mine tab (spec 2.4): profile header, shortcuts and the menu. */
export default function MineTab() {
  useDocumentTitle('我的');
  const sourceId = useSession((state) => state.sourceId);
  const customer = useSession((state) => (isRegistered(state.customer) ? state.customer : null));
  const ratio = useSession((state) => state.ratio);
  const imgDomain = useSession((state) => state.imgDomain);
  const navigate = useNavigate();
  const brand = brandOf(sourceId);

  return (
    <div className={styles.mineTabBox}>
      <header className={styles.header}>
        {customer === null ? (
          // Without a customer id (or before registering) only the placeholder profile is shown (spec 2.4 / 6).
          <ProfileCard
            nickname="未登录"
            note={
              <Button
                size="mini"
                shape="rounded"
                onClick={() => void navigate(REGISTER_PATH)}
                className={styles.mineTabButton}
              >
                注册 / 登录
              </Button>
            }
          />
        ) : (
          <ProfileCard
            nickname={customer.nickname}
            avatarUrl={imageUrl(customer.headimgurl, imgDomain)}
            sex={customer.sex}
            completion={ratio ?? profileCompletion(customer)}
            renderAction={(label) => (
              <Link to="/register/editUserInfo" className={styles.mineTabLink} data-tap-area>
                {label}
              </Link>
            )}
          />
        )}
      </header>

      <nav
        aria-label="常用功能"
        className={styles.mineTabNav}
        style={{ gridTemplateColumns: `repeat(${MINE_SHORTCUTS.length}, 1fr)` }}
      >
        {MINE_SHORTCUTS.map((item) => {
          const ShortcutIcon = SHORTCUT_ICONS[item.key];
          return (
            <Link key={item.key} to={item.to} className={styles.mineTabLink2}>
              <span aria-hidden="true" className={styles.mineTabText}>
                {ShortcutIcon === undefined ? null : <ShortcutIcon />}
              </span>
              {item.title}
            </Link>
          );
        })}
      </nav>

      <ul aria-label="更多服务" className={styles.mineTabList}>
        {mineMenu(brand).map((item, index) => (
          <li key={item.key} className={index === 0 ? styles.firstItem : styles.nextItem}>
            <Link to={item.to} className={styles.mineTabLink3}>
              <span>{item.title}</span>
              <ChevronIcon />
            </Link>
          </li>
        ))}
      </ul>
      <SwitchBackEntry />
    </div>
  );
}
