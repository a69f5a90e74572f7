import {
  HOME_BANNER_AUTOPLAY_MS,
  PAGE_SIZES,
  articleSummary,
  bannerProductCode,
  bannerTarget,
} from '@glucoguard/domain';
import { Carousel, EmptyState, InfiniteList, LineTabs } from '@glucoguard/ui';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { externalNavigation } from '../../components/externalNavigation';
import { useApiData } from '../../hooks/useApiData';
import { takeArrivedBanners, takeBanners } from './bannerPrefetch';
import styles from './sections.module.css';

function SectionHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className={styles.sectionHeaderBox}>
      <h2 className={styles.sectionHeaderHeading}>{title}</h2>
      {extra}
    </div>
  );
}

/**
 * The banner carousel (spec 1 §2.3, §9): the brand's banners from GET /activity/v1/bannerList,
 * playing every 3 s (not with the system's reduced motion). While they load it holds their place; with no banners it is not shown at
 * all. A banner links only where `bannerTarget` allows: an in-app page, or an allowed https page.
 */
export function BannerCarousel({ sourceId }: { sourceId: number }) {
  const productCode = bannerProductCode(sourceId);
  // Start-up may already have asked for this list (bannerPrefetch.ts): if its answer is in, the first
  // render shows it; if it is still under way, the first read takes that request.
  const [arrived] = useState(() => ({ productCode, banners: takeArrivedBanners(productCode) }));
  const ready = arrived.productCode === productCode ? arrived.banners : null;
  const read = useApiData(() => takeBanners(productCode), productCode, { enabled: ready === null });
  const list = ready ?? read.data;
  if (list === null) {
    return read.loading ? <div aria-hidden="true" className={`${styles.card} ${styles.bannerPlaceholder}`} /> : null;
  }
  if (list.length === 0) {
    return null;
  }
  const many = list.length > 1;
  return (
    <section aria-label="活动" className={styles.card}>
      <Carousel autoplayMs={many && !prefersReducedMotion() ? HOME_BANNER_AUTOPLAY_MS : 0} loop={many}>
        {list.map((banner, index) => (
          <BannerLink key={banner.id} banner={banner} first={index === 0} />
        ))}
      </Carousel>
    </section>
  );
}

/** A user who asked the system for less motion gets banners that move only when swiped. */
function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The banner pictures are 750×300 (their place is held at that ratio while the list loads: no layout shift). */
const BANNER_WIDTH = 750;
const BANNER_HEIGHT = 300;

function BannerLink({ banner, first }: { banner: Schema<'Banner'>; first: boolean }) {
  // The first picture is the home's largest paint: fetched ahead of the other pictures.
  const image = (
    <img
      src={banner.imgUrl}
      alt={banner.title}
      width={BANNER_WIDTH}
      height={BANNER_HEIGHT}
      fetchPriority={first ? 'high' : 'auto'}
      className={styles.bannerCarouselImage}
    />
  );
  const target = bannerTarget(banner.clickUrl);
  switch (target.kind) {
    case 'route':
      return <Link to={target.to}>{image}</Link>;
    case 'external':
      return (
        <a
          href={target.url}
          onClick={(event) => {
            event.preventDefault();
            externalNavigation.open(target.url);
          }}
        >
          {image}
        </a>
      );
    case 'none':
      return image;
  }
}

/** The points card (spec §2.3): my points, this month's points and 积分明细 → /integral. Visitors are asked to register. */
export function PointsCard({ registered }: { registered: boolean }) {
  const summary = useApiData<Schema<'PointsSummary'> | null>(
    () => (registered ? api().GET('/sign/v1/getSignScore') : Promise.resolve(null)),
    registered ? 1 : 0,
  );
  const figure = (label: string, value: number | undefined) => (
    <div aria-label={label} className={styles.figureBox}>
      <div className={styles.figureBox2}>{value ?? '-'}</div>
      <div className={styles.figureBox3}>{label}</div>
    </div>
  );
  return (
    <section aria-label="我的积分" className={styles.card}>
      <SectionHeader
        title="我的积分"
        extra={
          <Link to="/integral" className={styles.pointsCardLink}>
            积分明细
          </Link>
        }
      />
      {registered ? (
        <div className={styles.pointsCardBox}>
          {figure('我的积分', summary.data?.score)}
          {figure('本月积分', summary.data?.monthScore)}
        </div>
      ) : (
        <EmptyState title="注册后即可签到、做任务赚积分" />
      )}
    </section>
  );
}

/** The health-article section (spec §2.3): category tabs and the list (status 1 only), summaries cut at 25 characters. */
export function ArticleSection() {
  const types = useApiData(() => api().GET('/article/type/list'));
  const [typeId, setTypeId] = useState<number | null>(null);
  const active = typeId ?? types.data?.[0]?.typeId ?? null;
  return (
    <section aria-label="健康资讯" className={styles.card}>
      <SectionHeader title="健康资讯" />
      {types.data === null || types.data.length === 0 ? (
        <EmptyState />
      ) : (
        <>
          <LineTabs
            tabs={types.data.map((t) => ({ key: String(t.typeId), title: t.typeName }))}
            activeKey={String(active)}
            onChange={(key) => setTypeId(Number(key))}
            className={styles.articleSectionTabs}
          />
          <InfiniteList<Schema<'ArticleVo'>>
            aria-label="文章列表"
            resetKey={active ?? 0}
            loadPage={(pageNo) =>
              api().GET('/article/content/list', {
                params: {
                  query: { ...(active !== null && { typeId: active }), pageNo, pageSize: PAGE_SIZES.articles },
                },
              })
            }
            itemKey={(a) => a.articleId}
            renderItem={(a) => <ArticleItem article={a} />}
          />
        </>
      )}
    </section>
  );
}

function ArticleItem({ article }: { article: Schema<'ArticleVo'> }) {
  return (
    <Link
      to={`/articleDetails?articleId=${article.articleId}`}
      aria-label={article.title}
      className={styles.articleItemLink}
    >
      <img src={article.picUrl} alt="" width={112} height={72} className={styles.articleItemImage} />
      <span className={styles.articleItemText}>
        <span className={styles.articleItemText2}>{article.title}</span>
        <span className={styles.articleItemText3}>{articleSummary(article.contentPoints)}</span>
      </span>
    </Link>
  );
}
