import { EmptyState } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { brandOf } from '../../brand';
import { AgreementView } from '../../components/AgreementView';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { agreementFor, parseAgreementType } from '../../content/agreements';
import { useSession } from '../../store/session';
import styles from './ProtocolPage.module.css';

/** /protocolPage?type=1 the user service agreement, type=2 the privacy policy (spec §2.12). */
export default function ProtocolPage() {
  const [params] = useSearchParams();
  const type = parseAgreementType(params.get('type'));
  const brand = brandOf(useSession((state) => state.sourceId));
  const agreement = type === null ? null : agreementFor(type, brand.name);
  useDocumentTitle(agreement?.title ?? '协议');
  return (
    <div className={styles.protocolPageBox}>
      {agreement === null ? <EmptyState /> : <AgreementView agreement={agreement} />}
    </div>
  );
}
