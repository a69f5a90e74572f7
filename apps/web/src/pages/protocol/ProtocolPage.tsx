import { EmptyState } from '@glucoguard/ui';
import { useSearchParams } from 'react-router-dom';
import { LEGAL_TITLES, LegalTextView, parseLegalType } from '../../components/LegalText';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import styles from './ProtocolPage.module.css';

/** /protocolPage?type=1 the user service agreement, type=2 the privacy policy (spec §2.12), read from the API. */
export default function ProtocolPage() {
  const [params] = useSearchParams();
  const type = parseLegalType(params.get('type'));
  useDocumentTitle(type === null ? '协议' : LEGAL_TITLES[type]);
  return <div className={styles.protocolPageBox}>{type === null ? <EmptyState /> : <LegalTextView type={type} />}</div>;
}
