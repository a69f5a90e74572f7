import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { Card, Loaded, useQueriedProduct } from './common';
import { factoryWarrantyPath, manualPath } from './paths';
import { ModelHeader } from './UsageGuideDetailPage';
import styles from './afterSales.module.css';

/**
 * /instructionDetail?productId (spec 3 §2.8): a model's instructions — the video, the manual
 * (/pdfDetail) and the remark (cautions), with its factory warranty. Open to visitors.
 */
export default function InstructionDetailPage() {
  useDocumentTitle('产品说明书');
  const { product } = useQueriedProduct();
  return (
    <div className={styles.page}>
      <Loaded read={product} missing="产品不存在或已下架">
        {(model) => {
          const hasManual = model.manualUrl !== '' || model.manualImages.length > 0;
          return (
            <>
              <ModelHeader name={model.name} iconUrl={model.iconUrl} note={model.categoryName} />
              {model.videoUrl ? (
                <Card title="使用视频">
                  <video className={styles.video} src={model.videoUrl} controls playsInline preload="metadata">
                    您的浏览器暂不支持播放视频
                  </video>
                </Card>
              ) : null}
              <Card title="说明书">
                {hasManual ? (
                  <Link to={manualPath(model.id)} className={styles.wideLink}>
                    查看说明书
                  </Link>
                ) : (
                  <p className={styles.note}>该型号暂未提供电子说明书</p>
                )}
              </Card>
              {model.remark ? (
                <Card title="注意事项">
                  {model.remark.split('\n').map((line, at) => (
                    <p key={at} className={styles.text}>
                      {line}
                    </p>
                  ))}
                </Card>
              ) : null}
              <Card label="保修">
                <Link to={factoryWarrantyPath(model.id)} className={styles.textLink}>
                  厂方保修 {model.warMonths} 个月，查看保修说明 ›
                </Link>
              </Card>
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
