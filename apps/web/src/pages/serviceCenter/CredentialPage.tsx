import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { Loaded, useQueryId } from './common';
import styles from './afterSales.module.css';

/**
 * /credential?id (spec 3 §2.8's credential image page): a guarantee item's credential image, as
 * wide as the phone; pinch to zoom is the browser's own.
 */
export default function CredentialPage() {
  useDocumentTitle('授权证书');
  const id = useQueryId('id');
  const imgDomain = useSession((state) => state.imgDomain);
  const credential = useApiData(
    () => api().GET('/product/v1/getCredential', { params: { query: { id: id ?? 0 } } }),
    ['credential', id],
    { enabled: id !== null },
  );
  return (
    <div className={styles.page}>
      <Loaded read={id === null ? null : credential} missing="证书不存在或已删除">
        {(data) => {
          const src = imageUrl(data.credentialUrl, imgDomain);
          return (
            <figure className={styles.credential}>
              {src ? <img className={styles.credentialImage} src={src} alt={`${data.name}授权证书`} /> : null}
              <figcaption className={styles.lead}>{data.name}</figcaption>
            </figure>
          );
        }}
      </Loaded>
    </div>
  );
}
