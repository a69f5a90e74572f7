import { EmptyState } from '@glucoguard/ui';
import { DotLoading } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { useSession } from '../../store/session';
import { ArticleView } from './ArticleView';
import { useOpenedArticle } from './useOpenedArticle';
import styles from './ArticleSharePage.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The follow QR (spec §2.10: visitors see 更多健康知识 with a QR code): the entry link with the sharer's invite code. */
function FollowQr({ shareCid }: { shareCid: string | null }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const src = useApiData(async () => {
    const drawn = await api().GET('/customer/v1/getAccountQrcode', {
      params: { query: shareCid === null ? {} : { cid: shareCid } },
    });
    return `${imgDomain}${drawn.qrcodeUrl}`;
  }, [shareCid, imgDomain]).data;
  return (
    <section aria-label="更多健康知识" className={styles.followQrSection}>
      <h2 className={styles.followQrHeading}>更多健康知识</h2>
      <p className={styles.followQrText}>长按识别二维码，注册后每天阅读健康文章还能领积分</p>
      {src === null ? <DotLoading /> : <img src={src} alt="二维码" className={styles.followQrImage} />}
    </section>
  );
}

/**
 * /articleShareDetails?articleId&sourceId&shareCid&appid (spec §2.10): the article a user shared,
 * open to visitors (unregistered users may open it; no follow check). The opening is counted, but
 * reading here never pays points: no completion call, no read-time heartbeat. Visitors see the
 * follow QR; the page keeps the share card so it can be passed on.
 */
export default function ArticleSharePage() {
  const [params] = useSearchParams();
  const rawCid = params.get('shareCid') ?? '';
  const shareCid = UUID.test(rawCid) ? rawCid : null;
  const registered = useSession((state) => state.isAuth === '1');
  const ownCid = useSession((state) => state.customerId);
  // Passed on by a registered reader, the card carries the reader's own cid; by a visitor, the sharer's.
  const { valid, detail } = useOpenedArticle(registered ? ownCid : shareCid);

  if (!valid || (detail.failed && detail.data === null)) {
    return <EmptyState title="文章不存在或已下架" />;
  }
  const article = detail.data;
  if (article === null) {
    return (
      <div className={styles.articleSharePageBox}>
        <DotLoading />
      </div>
    );
  }
  return <ArticleView article={article}>{!registered && <FollowQr shareCid={shareCid} />}</ArticleView>;
}
