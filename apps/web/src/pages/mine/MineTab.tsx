import { REGISTER_PATH, profileCompletion, unreadBadge } from '@glucoguard/domain';
import { ProfileCard } from '@glucoguard/ui';
import { Button, Toast } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { brandOf } from '../../brand';
import { ChevronIcon, CouponIcon, FileIcon, OrderIcon, ScaleIcon } from '../../components/icons';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { SwitchBackEntry } from '../../session/SwitchBackEntry';
import { imageUrl, isRegistered, useSession } from '../../store/session';
import { useUnread } from '../../store/unread';
import { MINE_SHORTCUTS, mineMenu } from './menu';
import styles from './MineTab.module.css';

const SHORTCUT_ICONS: Record<string, () => ReactNode> = {
  orders: OrderIcon,
  healthFile: FileIcon,
  weight: ScaleIcon,
  coupons: CouponIcon,
};

/** What an entry whose page is not built yet says, beside its title and when tapped. */
export const COMING_SOON_TEXT = '即将上线';

/** An entry of a page still to come: it says so when tapped and goes nowhere (no 404 dead end). */
function ComingSoonEntry({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={`${title}，${COMING_SOON_TEXT}`}
      onClick={() => Toast.show({ content: `${title}${COMING_SOON_TEXT}，敬请期待` })}
      className={`${className ?? ''} ${styles.soon ?? ''}`}
    >
      {children}
    </button>
  );
}

/** The mine tab (spec 2.4): profile header, shortcuts and the menu. */
export default function MineTab() {
  useDocumentTitle('我的');
  const sourceId = useSession((state) => state.sourceId);
  const customer = useSession((state) => (isRegistered(state.customer) ? state.customer : null));
  const ratio = useSession((state) => state.ratio);
  const imgDomain = useSession((state) => state.imgDomain);
  const navigate = useNavigate();
  const brand = brandOf(sourceId);
  const notices = useUnread((state) => state.notices);
  const followRequests = useUnread((state) => state.followRequests);
  const chats = useUnread((state) => state.chats);
  const counts = { notices, followRequests, chats };

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
          const content = (
            <>
              <span aria-hidden="true" className={styles.mineTabText}>
                {ShortcutIcon === undefined ? null : <ShortcutIcon />}
              </span>
              {item.title}
              {item.comingSoon ? <span className={styles.soonTag}>{COMING_SOON_TEXT}</span> : null}
            </>
          );
          return item.comingSoon ? (
            <ComingSoonEntry key={item.key} title={item.title} className={styles.mineTabLink2}>
              {content}
            </ComingSoonEntry>
          ) : (
            <Link key={item.key} to={item.to} className={styles.mineTabLink2}>
              {content}
            </Link>
          );
        })}
      </nav>

      <ul aria-label="更多服务" className={styles.mineTabList}>
        {mineMenu(brand).map((item, index) => (
          <li key={item.key} className={index === 0 ? styles.firstItem : styles.nextItem}>
            {item.comingSoon ? (
              <ComingSoonEntry title={item.title} className={styles.mineTabLink3}>
                <span>{item.title}</span>
                <span className={styles.soonNote}>{COMING_SOON_TEXT}</span>
              </ComingSoonEntry>
            ) : (
              <Link
                to={item.to}
                aria-label={
                  item.count && counts[item.count] > 0 ? `${item.title}，${counts[item.count]}条未读` : undefined
                }
                className={styles.mineTabLink3}
              >
                <span>{item.title}</span>
                <span className={styles.trail}>
                  {item.count && counts[item.count] > 0 ? (
                    <span className={styles.countBadge}>{unreadBadge(counts[item.count])}</span>
                  ) : null}
                  <ChevronIcon />
                </span>
              </Link>
            )}
          </li>
        ))}
      </ul>
      <SwitchBackEntry />
    </div>
  );
}
