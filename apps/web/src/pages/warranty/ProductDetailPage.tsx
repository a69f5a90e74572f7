import { DEVICE_TYPE_NAMES, WARRANTY_MESSAGES } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { manualPath } from '../serviceCenter/paths';
import { WarrantyBadge } from './WarrantyBadge';
import styles from './warranty.module.css';

/** Another customer's record (40300) or an unknown one (40400) both end on the same text. */
const missing = (error: unknown) => isApiError(error) && (error.code === 40400 || error.code === 40300);

/**
 * /productDetail?warrantyId= (spec 3 §2.8, §4): one registered product — its picture and name,
 * 在保 / 已过保 with the last covered day as the API answers them (the domain's expiry rule from
 * the record's own purchase date), the purchase details, the usage video, the manual (→ /pdfDetail), the
 * model's remark and its warranty card.
 */
export default function ProductDetailPage() {
  useDocumentTitle('产品详情');
  const [query] = useSearchParams();
  const warrantyId = Number(query.get('warrantyId'));
  const valid = Number.isInteger(warrantyId) && warrantyId > 0;
  const imgDomain = useSession((state) => state.imgDomain);
  const read = useApiData(
    () => api().GET('/customerWarrantyOrder/v1/getById', { params: { query: { warrantyId } } }),
    warrantyId,
    { enabled: valid },
  );
  const product = read.data;

  if (!valid || (read.failed && missing(read.error))) {
    return <EmptyState title={WARRANTY_MESSAGES.notFound} />;
  }
  if (product === null) {
    return read.failed ? (
      <EmptyState title="加载失败">
        <Button onClick={read.reload}>点击重试</Button>
      </EmptyState>
    ) : (
      <PageLoading />
    );
  }

  const picture = imageUrl(product.goodsUrl, imgDomain);
  const video = imageUrl(product.videoUrl, imgDomain);
  const card = imageUrl(product.warUrl, imgDomain);
  const hasManual = product.manualUrl !== '' || product.manualImages.length > 0;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-label="产品">
        <div className={styles.detailHead}>
          {picture === null ? null : <img src={picture} alt="" className={styles.detailPicture} />}
          <div>
            <h2 className={styles.heading}>{product.goodsName}</h2>
            <WarrantyBadge warranty={product} />
          </div>
        </div>
        <dl className={styles.pairs}>
          <dt>产品类型</dt>
          <dd>{DEVICE_TYPE_NAMES[product.deviceType]}</dd>
          <dt>IMEI号</dt>
          <dd>{product.deviceImei}</dd>
          <dt>购买日期</dt>
          <dd>{product.orderTime}</dd>
          <dt>保修期</dt>
          <dd>{product.warTime}个月</dd>
          <dt>登记手机</dt>
          <dd>{product.phone}</dd>
        </dl>
      </section>

      <section className={styles.card} aria-label="使用视频">
        <h3 className={styles.subheading}>使用视频</h3>
        {video === null ? (
          <p className={styles.note}>暂无使用视频</p>
        ) : (
          <video src={video} controls playsInline preload="metadata" className={styles.video}>
            您的浏览器无法播放此视频
          </video>
        )}
      </section>

      <section className={styles.card} aria-label="说明书">
        <h3 className={styles.subheading}>说明书</h3>
        {hasManual ? (
          <Link to={manualPath(product.productId)} className={styles.rowLink}>
            查看产品说明书
          </Link>
        ) : (
          <p className={styles.note}>暂无说明书</p>
        )}
      </section>

      {product.remark === '' ? null : (
        <section className={styles.card} aria-label="产品说明">
          <h3 className={styles.subheading}>产品说明</h3>
          <p className={styles.remark}>{product.remark}</p>
        </section>
      )}

      {card === null ? null : (
        <section className={styles.card} aria-label="电子保修卡">
          <h3 className={styles.subheading}>电子保修卡</h3>
          <img src={card} alt={`${product.goodsName}保修卡`} className={styles.warrantyCard} />
        </section>
      )}
    </div>
  );
}
