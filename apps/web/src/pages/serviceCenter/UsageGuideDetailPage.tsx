import { GUIDE_TYPE } from '@glucoguard/domain';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { ItemRow } from './ItemRow';
import { Card, Loaded, NameMark, useQueriedProduct } from './common';
import { commonFaultsPath, factoryWarrantyPath, guidePath, instructionPath, operationGuidesPath } from './paths';
import styles from './afterSales.module.css';

/** A model's picture, name and type at the top of its pages. */
export function ModelHeader({ name, iconUrl, note }: { name: string; iconUrl: string; note: string }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const icon = imageUrl(iconUrl, imgDomain);
  return (
    <header className={styles.model}>
      {icon ? <img className={styles.modelIcon} src={icon} alt="" /> : <NameMark name={name} />}
      <div className={styles.rowBody}>
        <h1 className={styles.modelName}>{name}</h1>
        {note ? <p className={styles.note}>{note}</p> : null}
      </div>
    </header>
  );
}

/**
 * /usageGuideDetail?productId&categoryId (spec 3 §2.8): one model's guide page — its manual, its
 * usage guides (操作指南), its common faults and its factory warranty. Open to visitors.
 */
export default function UsageGuideDetailPage() {
  useDocumentTitle('使用指南');
  const { productId, product } = useQueriedProduct();
  const guides = useApiData(
    () =>
      api().GET('/product/v1/queryGuideList', {
        params: { query: { productId: productId ?? 0, guideType: GUIDE_TYPE.usage } },
      }),
    ['guides', productId],
    { enabled: productId !== null },
  );
  return (
    <div className={styles.page}>
      <Loaded read={product} missing="产品不存在或已下架">
        {(model) => (
          <>
            <ModelHeader name={model.name} iconUrl={model.iconUrl} note={model.categoryName} />
            <Card label="产品服务">
              <nav className={styles.list} aria-label="产品服务">
                <ItemRow to={instructionPath(model.id)} name="产品说明书" iconUrl="" note="视频、说明书与注意事项" />
                <ItemRow
                  to={operationGuidesPath(model.id, model.categoryId)}
                  name="操作指南"
                  iconUrl=""
                  note="一步一步学会使用"
                />
                <ItemRow
                  to={commonFaultsPath(model.id, model.categoryId)}
                  name="常见故障"
                  iconUrl=""
                  note="遇到问题先自助排查"
                />
                <ItemRow to={factoryWarrantyPath(model.id)} name="厂方保修" iconUrl="" note="保修期限与保修说明" />
              </nav>
            </Card>
            {(guides.data?.length ?? 0) > 0 ? (
              <Card title="使用指南">
                <nav className={styles.list} aria-label="使用指南">
                  {guides.data?.map((guide) => (
                    <ItemRow
                      key={guide.guideId}
                      to={guidePath(guide.guideId)}
                      name={guide.title}
                      iconUrl={guide.iconUrl}
                    />
                  ))}
                </nav>
              </Card>
            ) : null}
          </>
        )}
      </Loaded>
    </div>
  );
}
