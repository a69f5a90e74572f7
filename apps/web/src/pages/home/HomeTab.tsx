import { REGISTER_PATH } from '@glucoguard/domain';
import { EntryGrid } from '@glucoguard/ui';
import { FloatingBubble, Toast } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { externalNavigation } from '../../components/externalNavigation';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import { isRegistered, useSession } from '../../store/session';
import { ArticleSection, BannerCarousel, PointsCard } from './sections';
import { homeTiles } from './tiles';
import type { HomeTile } from './tiles';
import styles from './HomeTab.module.css';

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
    <div className={styles.homeTabBox}>
      <header className={styles.homeTabHeader}>
        <h1 className={styles.homeTabTitle}>{brand.name}</h1>
        <p className={styles.homeTabText}>血糖 · 血压 · 日常健康管理</p>
      </header>
      <section aria-label="功能入口" className={styles.homeTabSection}>
        <EntryGrid tiles={homeTiles(brand)} onSelect={onSelect} />
      </section>
      <BannerCarousel banners={[]} />
      <PointsCard registered={registered} />
      <ArticleSection />
      <div className={styles.homeTabBox2} />
      <FloatingBubble axis="y" magnetic="x" className={styles.homeTabFloatingBubble}>
        {/* A real button inside the bubble: antd-mobile's bubble is a div without a role. */}
        <button type="button" className={styles.homeTabText2} onClick={() => void navigate('/signIn')}>
          签到
        </button>
      </FloatingBubble>
    </div>
  );
}
