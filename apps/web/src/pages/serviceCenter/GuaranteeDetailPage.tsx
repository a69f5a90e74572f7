import { Link } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { Card, Loaded, NameMark, useQueryId } from './common';
import { credentialPath } from './paths';
import { RichText } from './RichText';
import styles from './afterSales.module.css';

/**
 * /guaranteeDetail?id (spec 3 §2.8): one guarantee item — its name, its (sanitised) text and its
 * credential, whose image opens on a page of its own (/credential). Open to visitors.
 */
export default function GuaranteeDetailPage() {
  useDocumentTitle('正品保障');
  const id = useQueryId('id');
  const imgDomain = useSession((state) => state.imgDomain);
  const item = useApiData(
    () => api().GET('/product/v1/getGuarantee', { params: { query: { id: id ?? 0 } } }),
    ['guarantee', id],
    { enabled: id !== null },
  );
  return (
    <div className={styles.page}>
      <Loaded read={id === null ? null : item} missing="内容不存在或已删除">
        {(data) => {
          const icon = imageUrl(data.iconUrl, imgDomain);
          const credential = imageUrl(data.credentialUrl, imgDomain);
          return (
            <>
              <header className={styles.model}>
                {icon ? <img className={styles.modelIcon} src={icon} alt="" /> : <NameMark name={data.name} />}
                <h1 className={styles.modelName}>{data.name}</h1>
              </header>
              {data.content ? (
                <Card label="保障说明">
                  <RichText html={data.content} label="说明" />
                </Card>
              ) : null}
              {credential ? (
                <Card title="授权证书">
                  <Link to={credentialPath(data.id)} className={styles.credentialLink} aria-label="查看授权证书大图">
                    <img className={styles.credentialThumb} src={credential} alt={`${data.name}授权证书`} />
                  </Link>
                </Card>
              ) : null}
            </>
          );
        }}
      </Loaded>
    </div>
  );
}
