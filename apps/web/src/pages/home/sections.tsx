import { HOME_BANNER_AUTOPLAY_MS } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Swiper } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One banner of the home carousel (`/activity/v1/bannerList`). */
export interface HomeBanner {
  id: string;
  imageUrl: string;
  /** Where a tap goes; in-app paths only. */
  to: string | null;
  title: string;
}

const card = {
  margin: '12px 12px 0',
  borderRadius: 12,
  background: 'var(--adm-color-background)',
  overflow: 'hidden',
} as const;

function SectionHeader({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '14px 16px 0' }}>
      <h2 style={{ margin: 0, fontSize: 17, fontWeight: 600 }}>{title}</h2>
      {extra}
    </div>
  );
}

/**
 * The banner carousel, playing every 3 s (spec §2.3, §9). The banner call comes with the
 * engagement issue; until then there are no banners and the empty state shows.
 */
export function BannerCarousel({ banners }: { banners: readonly HomeBanner[] }) {
  return (
    <section aria-label="活动" style={card}>
      {banners.length === 0 ? (
        <EmptyState />
      ) : (
        <Swiper autoplay autoplayInterval={HOME_BANNER_AUTOPLAY_MS} loop>
          {banners.map((banner) => (
            <Swiper.Item key={banner.id}>
              {banner.to === null ? (
                <img src={banner.imageUrl} alt={banner.title} style={{ display: 'block', width: '100%', height: 140, objectFit: 'cover' }} />
              ) : (
                <Link to={banner.to}>
                  <img src={banner.imageUrl} alt={banner.title} style={{ display: 'block', width: '100%', height: 140, objectFit: 'cover' }} />
                </Link>
              )}
            </Swiper.Item>
          ))}
        </Swiper>
      )}
    </section>
  );
}

/** The points card (my points, this month, details at /integral); empty until the points calls exist. */
export function PointsCard() {
  return (
    <section aria-label="我的积分" style={card}>
      <SectionHeader
        title="我的积分"
        extra={
          <Link to="/integral" style={{ fontSize: 13, color: 'var(--adm-color-primary)', textDecoration: 'none' }}>
            积分明细
          </Link>
        }
      />
      <EmptyState />
    </section>
  );
}

/** The health-article section (category tabs and list); empty until the article calls exist. */
export function ArticleSection() {
  return (
    <section aria-label="健康资讯" style={card}>
      <SectionHeader title="健康资讯" />
      <EmptyState />
    </section>
  );
}
