import { REGISTER_PATH } from '@glucoguard/domain';
import { EntryGrid } from '@glucoguard/ui';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { isRegistered, useSession } from '../../store/session';
import { toast } from '../../ui/toast';
import { URINE_DOCTOR_PATH } from '../urine/paths';
import { ArticleSection, BannerCarousel, PointsCard } from './sections';
import { FollowRequestCard, TodaySummary } from './TodaySummary';
import { homeTiles } from './tiles';
import type { HomeTile } from './tiles';
import styles from './HomeTab.module.css';

export interface HomeTabProps {
  onOpenAssistant: () => void;
}

/**
 * The health (home) tab (spec 2.3): brand header, entry tiles, a waiting follow request, today's
 * summary, banners, points card, articles and the sign-in button.
 */
export default function HomeTab({ onOpenAssistant }: HomeTabProps) {
  const sourceId = useSession((state) => state.sourceId);
  const registered = useSession((state) => isRegistered(state.customer));
  const navigate = useNavigate();
  const brand = brandOf(sourceId);
  useDocumentTitle(brand.name);
  // With a meter bound the device tile becomes 我的设备 (spec 1 §2.3); a visitor has none.
  const devices = useApiData(
    () => (registered ? api().GET('/device/v1/queryDeviceList') : Promise.resolve(null)),
    registered ? 1 : 0,
  );
  const hasDevice = devices.data?.existsFlag ?? false;

  // The tile's page is remembered as the wanted address, so registration ends there (registrationReturnTarget).
  const sendToRegistration = (wanted: string) => {
    toast('请先注册后再使用');
    useSession.getState().setWanted(wanted);
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
          sendToRegistration(URINE_DOCTOR_PATH);
        } else {
          // The page opens the partner through the server-signed link, or says why it cannot.
          void navigate(URINE_DOCTOR_PATH);
        }
        return;
      case 'route':
        if (action.registeredOnly && !registered) {
          sendToRegistration(action.to);
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
        <EntryGrid tiles={homeTiles(brand, { hasDevice })} onSelect={onSelect} />
      </section>
      <FollowRequestCard />
      <TodaySummary registered={registered} />
      <BannerCarousel sourceId={sourceId} />
      <PointsCard registered={registered} />
      <ArticleSection />
      <div className={styles.homeTabBox2} />
      {/* The 签到 bubble: a round button fixed above the tab bar at the right edge. */}
      <button type="button" className={styles.homeTabCheckIn} onClick={() => void navigate('/signIn')}>
        签到
      </button>
    </div>
  );
}
