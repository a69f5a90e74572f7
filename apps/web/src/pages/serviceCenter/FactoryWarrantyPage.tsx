import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { Card, Loaded, useQueryId } from './common';
import styles from './afterSales.module.css';

/**
 * /factoryWarranty?productId (spec 3 §2.8): 厂方保修 — the model's warranty months and its warranty
 * remark. Reached from /usageGuide?name=safe and a model's guide page.
 */
export default function FactoryWarrantyPage() {
  useDocumentTitle('厂方保修');
  const productId = useQueryId('productId');
  const remark = useApiData(
    () => api().GET('/product/v1/getWarrantyRemark', { params: { query: { productId: productId ?? 0 } } }),
    ['warranty', productId],
    { enabled: productId !== null },
  );
  return (
    <div className={styles.page}>
      <Loaded read={productId === null ? null : remark} missing="产品不存在或已下架">
        {(warranty) => (
          <Card label="厂方保修">
            <h1 className={styles.pageTitle}>厂方保修</h1>
            <p className={styles.modelName}>{warranty.name}</p>
            <p className={styles.figure}>
              保修期 <strong>{warranty.warMonths}</strong> 个月
            </p>
            {(warranty.warrantyRemark || '本产品暂无补充保修说明，请以售后政策为准。').split('\n').map((line, at) => (
              <p key={at} className={styles.text}>
                {line}
              </p>
            ))}
          </Card>
        )}
      </Loaded>
    </div>
  );
}
