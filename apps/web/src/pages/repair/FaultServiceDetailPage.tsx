import { REPAIR_IMAGE_GROUP_LABELS, REPAIR_SCREEN_TEXTS, REPAIR_STATUS } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, ImageViewer } from 'antd-mobile';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { repairTitle } from './repairPaths';
import styles from './repair.module.css';

/**
 * /faultServiceDetail?upkeepId= 报修详情 (spec 3 §2.8, §4): the category / model, contact person,
 * phone, address, 报修时间, 服务编码, purchase date, batch number, SN/IMEI, the fault description and
 * the two photo groups, each labelled by what it holds (发票信息 the purchase vouchers, 故障图片 the
 * fault photos — the old product had them swapped; docs/adr/0209-repair-image-groups-labelled-by-content.md),
 * a tap enlarging a photo; the handling result (处理结果) only once the request is no longer in
 * service (status ≠ 0). The photos' addresses come signed for the owner from the API.
 */
export default function FaultServiceDetailPage() {
  useDocumentTitle('报修详情');
  const [query] = useSearchParams();
  const upkeepId = Number(query.get('upkeepId'));
  const valid = Number.isInteger(upkeepId) && upkeepId > 0;
  const read = useApiData(() => api().GET('/productUpkeep/v1/query', { params: { query: { upkeepId } } }), upkeepId, {
    enabled: valid,
  });
  if (!valid) {
    return <EmptyState title={REPAIR_SCREEN_TEXTS.notFound} />;
  }
  const repair = read.data;
  if (!repair) {
    if (read.failed) {
      const message = isApiError(read.error) && read.error.errMsg ? read.error.errMsg : '加载失败';
      return (
        <EmptyState title={message}>
          <Button onClick={read.reload}>点击重试</Button>
        </EmptyState>
      );
    }
    return <PageLoading />;
  }
  const done = repair.status !== REPAIR_STATUS.inService;
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-label="报修信息">
        <div className={styles.cardHead}>
          <h2 className={styles.cardTitle}>{repairTitle(repair)}</h2>
          <span className={done ? `${styles.status} ${styles.statusDone}` : styles.status} aria-label="状态">
            {done ? REPAIR_SCREEN_TEXTS.completedTab : REPAIR_SCREEN_TEXTS.inServiceTab}
          </span>
        </div>
        <dl className={styles.pairs}>
          <Pair term="服务编码" value={repair.upkeepCode} />
          <Pair term="报修时间" value={repair.createTime} />
          <Pair term="联系人" value={repair.name} />
          <Pair term="联系电话" value={repair.phone} />
          <Pair term="地址" value={repair.address} />
          <Pair term="购买日期" value={repair.purchaseDateStr} />
          <Pair term="批次号" value={repair.batchNo} />
          <Pair term="SN/IMEI" value={repair.deviceImei} />
        </dl>
      </section>
      <section className={styles.section} aria-label="故障描述">
        <h3 className={styles.sectionTitle}>故障描述</h3>
        <p className={styles.text}>{repair.malfunctionContent}</p>
      </section>
      <PhotoGroup title={REPAIR_IMAGE_GROUP_LABELS.certificateUrl} photos={repair.certificateImages} />
      <PhotoGroup title={REPAIR_IMAGE_GROUP_LABELS.malfunctionUrl} photos={repair.malfunctionImages} />
      {done ? (
        <section className={styles.section} aria-label="处理结果">
          <h3 className={styles.sectionTitle}>处理结果</h3>
          <p className={styles.text}>{repair.remark === '' ? '—' : repair.remark}</p>
        </section>
      ) : null}
    </div>
  );
}

/** A term and its value; an empty value shows a dash rather than nothing. */
function Pair({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd aria-label={term}>{value === '' ? '—' : value}</dd>
    </>
  );
}

/** One labelled group of photos; a tap opens them full screen at that photo, to swipe through. */
function PhotoGroup({ title, photos }: { title: string; photos: readonly string[] }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const [shown, setShown] = useState<number | null>(null);
  const urls = photos.flatMap((path) => imageUrl(path, imgDomain) ?? []);
  return (
    <section className={styles.section} aria-label={title}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {urls.length === 0 ? (
        <p className={styles.none}>未上传</p>
      ) : (
        <div className={styles.photos}>
          {urls.map((url, index) => (
            <button
              key={url}
              type="button"
              className={styles.photo}
              aria-label={`查看${title}第${index + 1}张`}
              onClick={() => setShown(index)}
            >
              <img src={url} alt={`${title}第${index + 1}张`} loading="lazy" />
            </button>
          ))}
        </div>
      )}
      {shown === null ? null : (
        // Mounted per opening: the viewer reads defaultIndex only when it mounts.
        <ImageViewer.Multi images={urls} visible defaultIndex={shown} onClose={() => setShown(null)} />
      )}
    </section>
  );
}
