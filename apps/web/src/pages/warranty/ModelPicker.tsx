import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading, Popup } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../api';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import styles from './warranty.module.css';

/** The model the customer chose. */
export interface PickedModel {
  id: number;
  name: string;
}

/**
 * The model list of the registration form: the product types as large tabs, then the models of
 * the chosen type with their pictures. Opened by the 产品型号 row, or by the page when the API
 * cannot tell the model from the IMEI.
 */
export function ModelPicker({
  visible,
  onClose,
  onPick,
}: {
  visible: boolean;
  onClose: () => void;
  onPick: (model: PickedModel) => void;
}) {
  const imgDomain = useSession((state) => state.imgDomain);
  const categories = useApiData(() => api().GET('/product/v1/queryCategoryList', { params: { query: {} } }), '', {
    enabled: visible,
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const categoryId = chosen ?? categories.data?.[0]?.id ?? null;
  const models = useApiData(
    () =>
      categoryId === null
        ? Promise.resolve([])
        : api().GET('/product/v1/queryProductList', { params: { query: { categoryId } } }),
    categoryId,
    { enabled: visible && categoryId !== null, clear: true },
  );

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName={styles.sheet}>
      <div role="dialog" aria-label="选择产品型号" className={styles.sheetBox}>
        <div className={styles.sheetHead}>
          <h2 className={styles.sheetTitle}>选择产品型号</h2>
          <Button fill="none" onClick={onClose}>
            关闭
          </Button>
        </div>
        {categories.data === null ? (
          categories.failed ? (
            <EmptyState title="加载失败，请稍后重试" />
          ) : (
            <DotLoading aria-label="加载中" />
          )
        ) : (
          <>
            <div role="tablist" aria-label="产品类型" className={styles.typeTabs}>
              {categories.data.map((category) => (
                <button
                  key={category.id}
                  type="button"
                  role="tab"
                  aria-selected={category.id === categoryId}
                  className={category.id === categoryId ? styles.typeTabOn : styles.typeTab}
                  onClick={() => setChosen(category.id)}
                >
                  {category.name}
                </button>
              ))}
            </div>
            <ul aria-label="产品型号" className={styles.modelList}>
              {models.data === null ? (
                <li className={styles.modelLoading}>
                  <DotLoading aria-label="加载中" />
                </li>
              ) : models.data.length === 0 ? (
                <li>
                  <EmptyState title="暂无数据！" />
                </li>
              ) : (
                models.data.map((model) => (
                  <li key={model.id}>
                    <button
                      type="button"
                      className={styles.modelRow}
                      onClick={() => onPick({ id: model.id, name: model.name })}
                    >
                      {model.iconUrl === '' ? null : (
                        <img src={imageUrl(model.iconUrl, imgDomain) ?? ''} alt="" className={styles.modelIcon} />
                      )}
                      <span>{model.name}</span>
                    </button>
                  </li>
                ))
              )}
            </ul>
          </>
        )}
      </div>
    </Popup>
  );
}
