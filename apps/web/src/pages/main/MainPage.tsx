import { TabShell } from '@glucoguard/ui';
import type { TabShellTab } from '@glucoguard/ui';
import { Suspense, useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ElderModeOffer } from '../../components/ElderModeOffer';
import { AssistantIcon, HealthIcon, MineIcon } from '../../components/icons';
import { PageLoading } from '../../components/PageLoading';
import { useUnreadBadge } from '../../hooks/useUnreadBadge';
import { useUnread } from '../../store/unread';
import { AiTab, HomeTab, MineTab } from './tabPages';
import { searchForTab, tabFromSearch } from './tabs';
import type { MainTab } from './tabs';

/** The main page `/`: health, AI assistant and mine behind a bottom tab bar (spec 2.2). */
export default function MainPage() {
  const [params, setParams] = useSearchParams();
  const active = tabFromSearch(params);
  useUnreadBadge();
  const unread = useUnread((state) => state.unread);

  const openTab = useCallback(
    (tab: MainTab) => {
      // The tab lives in the address (so reload and sharing keep it) without piling up history.
      setParams((current) => searchForTab(current, tab), { replace: true });
    },
    [setParams],
  );

  const tabs: TabShellTab<MainTab>[] = [
    { key: 'home', title: '健康', icon: <HealthIcon /> },
    { key: 'ai', title: 'AI助手', icon: <AssistantIcon /> },
    { key: 'mine', title: '我的', icon: <MineIcon />, unread },
  ];

  return (
    <TabShell tabs={tabs} activeKey={active} onChange={openTab}>
      <Suspense fallback={<PageLoading />}>
        {active === 'home' ? <HomeTab onOpenAssistant={() => openTab('ai')} /> : null}
        {/* The one-time offer of 长辈模式 comes where the guideline puts it: on entering the home page. */}
        {active === 'home' ? <ElderModeOffer /> : null}
        {active === 'ai' ? <AiTab /> : null}
        {active === 'mine' ? <MineTab /> : null}
      </Suspense>
    </TabShell>
  );
}
