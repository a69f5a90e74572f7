import {
  GOODS_CAROUSEL_AUTOPLAY_MS,
  GOODS_OFF_SHELF_MESSAGE,
  goodsOriginPriceText,
  goodsPriceText,
  isGoodsOnSale,
  postageText,
  splitImageNames,
} from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Button, Popup, Swiper } from 'antd-mobile';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { imageUrl, isRegistered, useSession } from '../../store/session';
import { copyText } from '../../ui/clipboard';
import { showError, toast } from '../../ui/toast';
import { absoluteUrl, useShareCard } from '../../wechat/jssdk';
import { GoodsCard, useGoodsIcon, type Goods } from './GoodsCard';
import { GOODS_DETAIL_PATH, REGISTER_FOR_GOODS_PATH, SHARE_GOODS_PATH, flagsOf, sendOrderPath } from './mallPaths';
import styles from './GoodsDetailPage.module.css';

/** The public share link of a goods item: its id, the sharer and the brand. */
export function goodsShareLink(goodsId: number, shareCid: string | null, sourceId: number): string {
  const query = new URLSearchParams({ goodsId: String(goodsId), sourceId: String(sourceId) });
  if (shareCid) {
    query.set('shareCid', shareCid);
  }
  return `${SHARE_GOODS_PATH}?${query.toString()}`;
}

/** The images of a comma list, as addresses. */
function useImages(list: string): string[] {
  const imgDomain = useSession((state) => state.imgDomain);
  return splitImageNames(list).flatMap((path) => imageUrl(path, imgDomain) ?? []);
}

/**
 * /mall/goodsDetail and the public /shareGoodsDetail (spec 3 §2.7): the carousel turning every
 * 3 s, name, remark, the price by salesMode, postage, stock, the usable packages, the detail and ad
 * images, the brand's customer-service phone, a share link, and the buy button. Off shelf (status
 * not 1) the button reads 商品已下架 and buying is blocked. Buying needs a registered customer
 * (userType 1): others register with isGoods and come back here. The share page is the same page
 * without sign-up or follow checks (spec 1 §2.1); its button opens the goods in the mall.
 */
export default function GoodsDetailPage({ shared = false }: { shared?: boolean }) {
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const goodsId = Number(search.get('goodsId') ?? '0');
  const flags = flagsOf(search);
  const sourceId = useSession((state) => state.sourceId);
  const registered = useSession((state) => isRegistered(state.customer));
  const cid = useSession((state) => state.customer?.cid ?? null);
  const imgDomain = useSession((state) => state.imgDomain);
  const read = useApiData(
    () => api().GET('/goods/v1/getById', { params: { query: { goodsId } } }),
    ['goods', goodsId],
    { enabled: goodsId > 0 },
  );
  const packages = useApiData(
    () => api().GET('/goods/v1/queryUsablePackages', { params: { query: { goodsId } } }),
    ['packages', goodsId],
    { enabled: goodsId > 0 },
  );
  const goods = read.data;
  useDocumentTitle(goods ? goods.goodsName : '商品详情');
  const shareCid = cid ?? search.get('shareCid');
  const shareLink = goodsShareLink(goodsId, shareCid, sourceId);
  useShareCard(
    goods
      ? {
          title: goods.goodsName,
          desc: goods.remark || goodsPriceText(goods),
          link: absoluteUrl(shareLink),
          imgUrl: absoluteUrl(imageUrl(splitImageNames(goods.iconUrl)[0], imgDomain) ?? '/favicon.ico'),
        }
      : null,
    shareLink,
  );

  if (!(goodsId > 0) || read.failed) {
    return <EmptyState title="商品不存在或已删除" />;
  }
  if (!goods) {
    return <PageLoading />;
  }
  return (
    <GoodsDetail
      goods={goods}
      packages={packages.data ?? []}
      shared={shared}
      shareLink={shareLink}
      onBuy={() => {
        if (shared) {
          void navigate(`${GOODS_DETAIL_PATH}${location.search}`);
          return false;
        }
        if (!registered) {
          useSession.getState().setGoodsPage(`${location.pathname}${location.search}`);
          void navigate(REGISTER_FOR_GOODS_PATH);
          return false;
        }
        return true;
      }}
      onBuyValid={() => void navigate(sendOrderPath(goods.goodsId, 1, flags))}
      hotline={brandOf(sourceId).contact.hotline}
    />
  );
}

interface GoodsDetailProps {
  goods: Goods;
  packages: readonly Goods[];
  shared: boolean;
  shareLink: string;
  hotline: string;
  /** Whether buying may go on to the buyValid check (false: the page went elsewhere). */
  onBuy: () => boolean;
  onBuyValid: () => void;
}

function GoodsDetail({ goods, packages, shared, shareLink, hotline, onBuy, onBuyValid }: GoodsDetailProps) {
  const slides = useImages(goods.goodsUrl);
  const icon = useGoodsIcon(goods);
  const details = useImages(goods.goodsDetailImgUrl);
  const ads = useImages(goods.adUrl);
  const guard = useSubmitGuard();
  const [sharing, setSharing] = useState(false);
  const onSale = isGoodsOnSale(goods);
  const origin = goodsOriginPriceText(goods);
  const carousel = slides.length > 0 ? slides : icon ? [icon] : [];

  const buy = () => {
    if (!onSale) {
      toast(GOODS_OFF_SHELF_MESSAGE);
      return;
    }
    if (!onBuy()) {
      return;
    }
    void guard.run(async () => {
      try {
        await api().GET('/goods/v1/buyValid', { params: { query: { goodsId: goods.goodsId, number: 1 } } });
        return onBuyValid;
      } catch (error) {
        return () => showError(error);
      }
    });
  };

  return (
    <div className={styles.page}>
      {carousel.length > 0 ? (
        <Swiper
          className={styles.swiper}
          autoplay={carousel.length > 1}
          autoplayInterval={GOODS_CAROUSEL_AUTOPLAY_MS}
          loop={carousel.length > 1}
          aria-label="商品图片"
        >
          {carousel.map((src, index) => (
            <Swiper.Item key={`${src}-${index}`}>
              <img className={styles.slide} src={src} alt={`${goods.goodsName} 图${index + 1}`} />
            </Swiper.Item>
          ))}
        </Swiper>
      ) : null}
      <section className={styles.card} aria-label="商品信息">
        <p className={styles.priceRow}>
          <span className={styles.price}>{goodsPriceText(goods)}</span>
          {origin ? <s className={styles.origin}>{origin}</s> : null}
        </p>
        <h1 className={styles.name}>{goods.goodsName}</h1>
        {goods.remark ? <p className={styles.remark}>{goods.remark}</p> : null}
        <p className={styles.facts}>
          <span>{postageText(goods.postage)}</span>
          <span>库存 {goods.stock}</span>
          {goods.packageMonths > 0 ? <span>有效期 {goods.packageMonths} 个月</span> : null}
        </p>
        {!onSale ? <p className={styles.offShelf}>{GOODS_OFF_SHELF_MESSAGE}</p> : null}
      </section>
      {packages.length > 0 ? (
        <section className={styles.card} aria-label="可用套餐">
          <h2 className={styles.heading}>可用套餐</h2>
          <div className={styles.packages}>
            {packages.map((item) => (
              <GoodsCard key={item.goodsId} goods={item} compact />
            ))}
          </div>
        </section>
      ) : null}
      {ads.length > 0 ? <AdImage src={ads[0] ?? ''} href={goods.adHrefUrl} /> : null}
      {details.length > 0 ? (
        <section className={styles.card} aria-label="商品详情">
          <h2 className={styles.heading}>商品详情</h2>
          {details.map((src, index) => (
            <img key={`${src}-${index}`} className={styles.detailImage} src={src} alt={`商品详情图${index + 1}`} />
          ))}
        </section>
      ) : null}
      <section className={styles.card} aria-label="客服">
        <a className={styles.service} href={`tel:${hotline.replace(/-/g, '')}`}>
          客服电话 {hotline}
        </a>
        <p className={styles.serviceHours}>服务时间 7:00–次日0:30</p>
      </section>
      <div className={styles.bar}>
        <button type="button" className={styles.shareButton} onClick={() => setSharing(true)}>
          分享
        </button>
        <Button
          className={styles.buy}
          color={onSale ? 'danger' : 'default'}
          size="large"
          disabled={!onSale || guard.busy}
          onClick={buy}
        >
          {onSale ? (shared ? '去商城购买' : '立即购买') : GOODS_OFF_SHELF_MESSAGE}
        </Button>
      </div>
      <SharePopup visible={sharing} goods={goods} link={shareLink} onClose={() => setSharing(false)} />
    </div>
  );
}

/** The ad image, leading to an app page or an https address when the goods name one. */
function AdImage({ src, href }: { src: string; href: string }) {
  const image = <img className={styles.adImage} src={src} alt="活动广告" />;
  if (href.startsWith('/')) {
    return (
      <Link className={styles.ad} to={href}>
        {image}
      </Link>
    );
  }
  if (/^https:\/\//.test(href)) {
    return (
      <a className={styles.ad} href={href} rel="noopener noreferrer">
        {image}
      </a>
    );
  }
  return <div className={styles.ad}>{image}</div>;
}

/** The share sheet: the link to copy and the server's poster with its QR code (long-press to save). */
function SharePopup({
  visible,
  goods,
  link,
  onClose,
}: {
  visible: boolean;
  goods: Goods;
  link: string;
  onClose: () => void;
}) {
  const imgDomain = useSession((state) => state.imgDomain);
  const cid = useSession((state) => state.customer?.cid);
  const poster = useApiData(
    () => api().GET('/goods/v1/getGoodsPoster', { params: { query: { goodsId: goods.goodsId, ...(cid && { cid }) } } }),
    ['poster', goods.goodsId, cid ?? null],
    { enabled: visible },
  );
  const absolute = absoluteUrl(link);
  return (
    <Popup visible={visible} onMaskClick={onClose} position="bottom" bodyClassName={styles.sheet}>
      <div role="dialog" aria-label="分享商品">
        <h2 className={styles.heading}>分享给亲友</h2>
        {poster.data ? (
          <img
            className={styles.poster}
            src={imageUrl(poster.data.posterUrl, imgDomain) ?? ''}
            alt={`${goods.goodsName}分享海报`}
          />
        ) : poster.failed ? (
          <p className={styles.remark}>海报生成失败，可复制链接分享</p>
        ) : (
          <p className={styles.remark}>海报生成中...</p>
        )}
        <p className={styles.hint}>长按海报保存到相册，或复制链接发送给亲友</p>
        <p className={styles.link}>{absolute}</p>
        <div className={styles.sheetActions}>
          <Button size="large" onClick={onClose}>
            关闭
          </Button>
          <Button
            size="large"
            color="primary"
            onClick={() => void copyText(absolute).then((ok) => toast(ok ? '链接已复制' : '复制失败，请长按链接复制'))}
          >
            复制链接
          </Button>
        </div>
      </div>
    </Popup>
  );
}
