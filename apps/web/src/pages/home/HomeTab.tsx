import { REGISTER_PATH } from '@glucoguard/domain';
import { EntryGrid } from '@glucoguard/ui';
import { FloatingBubble, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { externalNavigation } from '../../components/externalNavigation';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../session/errors';
import { isRegistered, useSession } from '../../store/session';
import { ArticleSection, BannerCarousel, PointsCard } from './sections';
import { homeTiles } from './tiles';
import type { HomeTile } from './tiles';

export interface HomeTabProps {
  onOpenAssistant: () => void;
}

/** The health (home) tab: brand header, entry tiles, banner, points card, articles and the sign-in button (spec 2.3). */
export default function HomeTab({ onOpenAssistant }: HomeTabProps) {
  const sourceId = useSession((state) => state.sourceId);
  const registered = useSession((state) => isRegistered(state.customer));
  const navigate = useNavigate();
  const brand = brandOf(sourceId);
  useDocumentTitle(brand.name);

  const sendToRegistration = () => {
    Toast.show({ content: '请先注册后再使用' });
    void navigate(REGISTER_PATH);
  };

  const onSelect = (tile: HomeTile) => {
    const { action } = tile;
    switch (action.kind) {
      case 'assistant':
        onOpenAssistant();
        return;
      case 'urine':
        if (!registered) {
          sendToRegistration();
        } else {
          // The partner's signed address is built on the server (the app key stays there).
          api()
            .GET('/partner/v1/urineLink')
            .then(
              ({ url }) => externalNavigation.open(url),
              (error: unknown) => showError(error),
            );
        }
        return;
      case 'route':
        if (action.registeredOnly && !registered) {
          sendToRegistration();
        } else {
          void navigate(action.to, { state: { from: '/' } });
        }
        return;
    }
  };

  return (
    <div style={{ minHeight: '100%', background: 'var(--adm-color-box)' }}>
      <header
        style={{
          padding: 'calc(20px + env(safe-area-inset-top, 0px)) 20px 56px',
          color: '#fff',
          background:
            'linear-gradient(160deg, var(--adm-color-primary), var(--brand-color-deep, var(--adm-color-primary)))',
        }}
      >
        <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, letterSpacing: 1 }}>{brand.name}</h1>
        <p style={{ margin: '6px 0 0', fontSize: 14, opacity: 0.85 }}>血糖 · 血压 · 日常健康管理</p>
      </header>
      <section
        aria-label="功能入口"
        style={{
          margin: '-40px 12px 0',
          padding: '12px 4px 4px',
          borderRadius: 12,
          background: 'var(--adm-color-background)',
          boxShadow: '0 4px 16px rgba(0, 0, 0, 0.06)',
        }}
      >
        <EntryGrid tiles={homeTiles(brand)} onSelect={onSelect} />
      </section>
      <BannerCarousel banners={[]} />
      <PointsCard registered={registered} />
      <ArticleSection />
      <div style={{ height: 24 }} />
      <FloatingBubble
        axis="y"
        magnetic="x"
        aria-label="签到"
        style={{
          '--initial-position-bottom': '96px',
          '--initial-position-right': '16px',
          '--edge-distance': '16px',
          '--size': '56px',
        }}
        onClick={() => void navigate('/signIn')}
      >
        <span style={{ fontSize: 15, fontWeight: 600 }}>签到</span>
      </FloatingBubble>
    </div>
  );
}
