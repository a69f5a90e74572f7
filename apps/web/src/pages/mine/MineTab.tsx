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

const SHORTCUT_ICONS: Record<string, () => ReactNode> = {
  orders: OrderIcon,
  healthInfo: FileIcon,
  weight: ScaleIcon,
  coupons: CouponIcon,
};

const headerStyle = {
  padding: 'calc(8px + env(safe-area-inset-top, 0px)) 0 28px',
  color: '#fff',
  background: 'linear-gradient(160deg, var(--adm-color-primary), var(--brand-color-deep, var(--adm-color-primary)))',
} as const;

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
    <div style={{ minHeight: '100%', background: 'var(--adm-color-box)', paddingBottom: 16 }}>
      <header style={headerStyle}>
        {customer === null ? (
          // Without a customer id (or before registering) only the placeholder profile is shown (spec 2.4 / 6).
          <ProfileCard
            nickname="未登录"
            note={
              <Button
                size="mini"
                shape="rounded"
                onClick={() => void navigate(REGISTER_PATH)}
                style={{
                  '--background-color': 'rgba(255,255,255,0.2)',
                  '--border-color': 'rgba(255,255,255,0.7)',
                  '--text-color': '#fff',
                }}
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
              <Link to="/register/editUserInfo" style={{ color: '#fff', textDecoration: 'underline' }}>
                {label}
              </Link>
            )}
          />
        )}
      </header>

      <nav
        aria-label="常用功能"
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${MINE_SHORTCUTS.length}, 1fr)`,
          margin: '-16px 12px 12px',
          padding: '14px 0',
          borderRadius: 12,
          background: 'var(--adm-color-background)',
          boxShadow: '0 4px 16px rgba(0, 0, 0, 0.06)',
        }}
      >
        {MINE_SHORTCUTS.map((item) => {
          const ShortcutIcon = SHORTCUT_ICONS[item.key];
          return (
            <Link
              key={item.key}
              to={item.to}
              style={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                gap: 6,
                fontSize: 13,
                color: 'var(--adm-color-text)',
                textDecoration: 'none',
              }}
            >
              <span aria-hidden="true" style={{ display: 'inline-flex', color: 'var(--adm-color-primary)' }}>
                {ShortcutIcon === undefined ? null : <ShortcutIcon />}
              </span>
              {item.title}
            </Link>
          );
        })}
      </nav>

      <ul
        aria-label="更多服务"
        style={{
          margin: '0 12px',
          padding: '0 0 0 16px',
          listStyle: 'none',
          borderRadius: 12,
          background: 'var(--adm-color-background)',
        }}
      >
        {mineMenu(brand).map((item, index) => (
          <li key={item.key} style={{ borderTop: index === 0 ? 'none' : '1px solid var(--adm-color-border)' }}>
            <Link
              to={item.to}
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                padding: '14px 16px 14px 0',
                fontSize: 16,
                color: 'var(--adm-color-text)',
                textDecoration: 'none',
              }}
            >
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
