import { HOME_BANNER_AUTOPLAY_MS, bannerProductCode, bannerTarget } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { Carousel } from '@glucoguard/ui';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { externalNavigation } from '../../components/externalNavigation';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { CustomerService } from '../contact/ContactUsPage';
import { GUARANTEE_LIST_PATH } from './paths';
import styles from './afterSales.module.css';

/** The base services of the service centre (spec 3 §2.8), in the spec's order, then ours. */
const SERVICES: readonly { title: string; note: string; to: string; mark: string }[] = [
  { title: '故障报修', note: '填写报修单', to: '/repairFilling', mark: '修' },
  { title: '售后政策', note: '保修与退换', to: '/servicePolicy', mark: '策' },
  { title: '保修查询', note: '厂方保修期', to: '/usageGuide?name=safe', mark: '保' },
  { title: '使用指南', note: '操作说明', to: '/usageGuide?name=guide', mark: '指' },
  { title: '常见故障', note: '自助排查', to: '/usageGuide?name=fault', mark: '障' },
  { title: '经销商采购', note: '批量采购', to: '/dealerProcurement', mark: '采' },
  { title: '授权门店', note: '线下网点', to: '/authorizationShop', mark: '店' },
  { title: '报修记录', note: '处理进度', to: '/faultServiceList', mark: '记' },
  { title: '我的产品', note: '保修登记', to: '/productList', mark: '品' },
  { title: '正品保障', note: '授权渠道', to: GUARANTEE_LIST_PATH, mark: '正' },
];

/** A banner of the service centre: an in-app page, an allowed https page, or no link (bannerTarget). */
function AfterSalesBanner({ banner }: { banner: Schema<'AfterSalesBanner'> }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const image = (
    <img
      src={imageUrl(banner.imgUrl, imgDomain) ?? undefined}
      alt={banner.title}
      width={750}
      height={300}
      className={styles.bannerImage}
    />
  );
  const target = bannerTarget(banner.hrefUrl);
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

/**
 * /serviceCenter, the after-sales home (spec 3 §2.8): the brand's banners (its productCode), the
 * base services and 联系我们 (the brand's hotline, hours and customer service). Open to visitors.
 */
export default function ServiceCenterPage() {
  useDocumentTitle('售后服务');
  const sourceId = useSession((state) => state.sourceId);
  const productCode = bannerProductCode(sourceId);
  const banners = useApiData(
    () => api().GET('/product/v1/queryBanners', { params: { query: { productCode } } }),
    productCode,
  );
  const list = banners.data ?? [];
  return (
    <div className={styles.page}>
      {list.length > 0 ? (
        <section aria-label="售后活动" className={styles.banner}>
          <Carousel autoplayMs={list.length > 1 ? HOME_BANNER_AUTOPLAY_MS : 0} loop={list.length > 1}>
            {list.map((banner) => (
              <AfterSalesBanner key={banner.bannerId} banner={banner} />
            ))}
          </Carousel>
        </section>
      ) : null}
      <section aria-label="基础服务" className={styles.card}>
        <h2 className={styles.cardTitle}>基础服务</h2>
        <ul className={styles.tiles}>
          {SERVICES.map((service) => (
            <li key={service.to}>
              <Link to={service.to} className={styles.tile}>
                <span className={styles.tileMark} aria-hidden="true">
                  {service.mark}
                </span>
                <span className={styles.tileTitle}>{service.title}</span>
                <span className={styles.tileNote}>{service.note}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="联系我们" className={styles.card}>
        <h2 className={styles.cardTitle}>联系我们</h2>
        <CustomerService brand={brandOf(sourceId)} />
      </section>
    </div>
  );
}
