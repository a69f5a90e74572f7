import { brandFeatures, rankStyle } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, tokens } from '@glucoguard/ui';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSession } from '../../store/session';
import { Figure, PointsHeader, PointsPage, card } from './layout';
import styles from './RankPage.module.css';

type Item = Schema<'RankItem'>;
const MEDAL = [tokens.colorRankGold, tokens.colorRankSilver, tokens.colorRankBronze];

/** Ranks 1–3: a medal; 4–20: the number in a badge; later: the plain number (domain `rankStyle`). */
function RankMark({ rank }: { rank: number }) {
  const style = rankStyle(rank);
  if (style === 'icon') {
    const colour = MEDAL[rank - 1] ?? MEDAL[0];
    return (
      <svg role="img" aria-label={`第${rank}名`} width="28" height="32" viewBox="0 0 28 32">
        <path d="M6 0h6l4 9-6 3zM22 0h-6l-4 9 6 3z" fill={tokens.colorRankRibbon} />
        <circle cx="14" cy="19" r="11" fill={colour} />
        <circle cx="14" cy="19" r="8" fill="none" stroke={tokens.colorWhite} strokeOpacity="0.7" strokeWidth="1.5" />
        <text
          x="14"
          y="23.5"
          textAnchor="middle"
          fontSize={tokens.fontSize2xs}
          fontWeight="700"
          fill={tokens.colorWhite}
        >
          {rank}
        </text>
      </svg>
    );
  }
  if (style === 'number') {
    return (
      <span aria-label={`第${rank}名`} className={styles.rankMarkText}>
        {rank}
      </span>
    );
  }
  return (
    <span aria-label={`第${rank}名`} className={styles.rankMarkText2}>
      {rank}
    </span>
  );
}

function Avatar({ item, imgDomain }: { item: Item; imgDomain: string }) {
  const src = item.avatar === '' ? null : /^https?:\/\//.test(item.avatar) ? item.avatar : `${imgDomain}${item.avatar}`;
  return src === null ? (
    <span aria-hidden="true" className={`${styles.avatarText} ${item.sex === 2 ? styles.female : styles.male}`} />
  ) : (
    <img src={src} alt="" width={36} height={36} className={styles.avatarImage} />
  );
}

function RankList({ items, imgDomain }: { items: readonly Item[]; imgDomain: string }) {
  if (items.length === 0) {
    return <EmptyState />;
  }
  return (
    <ol aria-label="排行榜" className={styles.rankListList}>
      {items.map((item, index) => (
        <li key={index} className={`${styles.rankListItem} ${index === 0 ? styles.firstItem : styles.nextItem}`}>
          <span className={styles.rankListText}>
            <RankMark rank={item.rank} />
          </span>
          <Avatar item={item} imgDomain={imgDomain} />
          <span className={styles.rankListText2}>{item.userName}</span>
          <span className={styles.rankListText3}>{item.score}</span>
        </li>
      ))}
    </ol>
  );
}

/** /rankPage (spec 1 §2.8): 本月排行 and 总分排行 with the caller's own place, and the rule link. Not offered by the health brand. */
export default function RankPage() {
  useDocumentTitle('积分排行榜');
  const sourceId = useSession((state) => state.sourceId);
  const imgDomain = useSession((state) => state.imgDomain);
  const showRanking = brandFeatures(sourceId).showRanking;
  const [tab, setTab] = useState<'month' | 'total'>('month');
  const ranking = useApiData<Schema<'ScoreRanking'> | null>(() =>
    showRanking ? api().GET('/customer/v1/scoreRanking') : Promise.resolve(null),
  );

  if (!showRanking) {
    return (
      <PointsPage>
        <EmptyState title="暂未开放排行榜" />
      </PointsPage>
    );
  }
  const data = ranking.data;
  const own = data
    ? tab === 'month'
      ? { score: data.monthScore, rank: data.monthRank }
      : { score: data.totalScore, rank: data.totalRank }
    : null;

  return (
    <PointsPage>
      <PointsHeader>
        <div className={styles.rankPageBox}>
          <Figure label={tab === 'month' ? '本月积分' : '总积分'} value={own?.score ?? '-'} />
          <Figure label="我的排名" value={own === null ? '-' : (own.rank ?? '未上榜')} />
        </div>
        <Link to="/rankRule" className={styles.rankPageLink}>
          排行榜规则
        </Link>
      </PointsHeader>
      <section aria-label="积分排行" className={card}>
        <Tabs activeKey={tab} onChange={(key) => setTab(key === 'total' ? 'total' : 'month')}>
          <Tabs.Tab title="本月排行" key="month" />
          <Tabs.Tab title="总分排行" key="total" />
        </Tabs>
        {ranking.failed && data === null ? (
          <EmptyState title="加载失败" />
        ) : (
          data && (
            <RankList items={tab === 'month' ? data.monthObtainRank : data.totalObtainRank} imgDomain={imgDomain} />
          )
        )}
      </section>
    </PointsPage>
  );
}
