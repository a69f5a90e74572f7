import { REGISTER_PATH, maskPhone } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import type { ApiError } from '@glucoguard/sdk';
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { externalNavigation } from '../../components/externalNavigation';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { useSession } from '../../store/session';
import { showError } from '../../ui/toast';
import { isAnswerFor, missingParamsMessage, readAuthorizeRequest } from './authorizeRequest';
import type { AuthorizeQuery } from './authorizeRequest';
import styles from './ConsentPage.module.css';

/** Shown when the answer is not an address the page may leave for (never expected from the API). */
const UNSAFE_ANSWER = '授权结果无法返回该应用，请回到该应用重新发起授权';
/** Shown when the request could not be read (no answer, or a fault of the server). */
export const NO_ANSWER = '暂时没能读取授权请求，请检查网络后重新加载';

function loadRequest(query: AuthorizeQuery) {
  return api().GET('/oauth/v1/authorize/request', { params: { query } });
}

type ConsentRequest = Awaited<ReturnType<typeof loadRequest>>;

/** The API's refusal of the request itself (4xx with its reason), as opposed to a failure worth retrying. */
function isRefusal(error: unknown): error is ApiError {
  return (
    isApiError(error) &&
    error.kind === 'server' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    error.errMsg !== ''
  );
}

/**
 * /oauth/authorize (issue 23): an integrator's app asks for the patient's consent. The page shows
 * the app, its organisation and what it asks for in plain Chinese, for the signed-in patient's own
 * account only; 同意授权 and 拒绝 both return to the app through the address the API answers. A
 * request the API refuses (unknown app, unregistered return address, bad parameters, someone else's
 * account) gets a page of its own and never leaves for the app. Visitors are sent to registration
 * by the session gate and come back here afterwards (docs/adr/0229-consent-and-authorized-apps-pages.md).
 */
export default function ConsentPage() {
  useDocumentTitle('授权确认');
  const [search] = useSearchParams();
  const asked = readAuthorizeRequest(search);
  // An incomplete request is not asked about at all (enabled: false).
  const read = useApiData(
    () => (asked.complete ? loadRequest(asked.query) : Promise.reject(new Error('incomplete request'))),
    search.toString(),
    { enabled: asked.complete },
  );
  const [leaving, setLeaving] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  // The pressed button shows its own spinner while the choice is sent.
  const [choice, setChoice] = useState<boolean | null>(null);
  const { busy, run } = useSubmitGuard({ loader: false });

  if (!asked.complete) {
    return <ConsentErrorPage message={missingParamsMessage(asked.missing)} />;
  }
  if (refused !== null) {
    return <ConsentErrorPage message={refused} />;
  }
  if (read.failed) {
    const error = read.error;
    if (isRefusal(error)) {
      return <ConsentErrorPage message={error.errMsg} />;
    }
    return (
      <ConsentErrorPage
        message={isApiError(error) && error.status === 429 && error.errMsg !== '' ? error.errMsg : NO_ANSWER}
        onRetry={read.reload}
      />
    );
  }
  const request: ConsentRequest | null = read.data;
  if (request === null) {
    return (
      <div className={styles.loading}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }

  const decide = (approve: boolean) =>
    run(async () => {
      setChoice(approve);
      try {
        const answer = await api().POST('/oauth/v1/authorize', { body: { ...asked.query, approve } });
        if (!isAnswerFor(answer.redirectTo, request.redirectUri)) {
          return () => setRefused(UNSAFE_ANSWER);
        }
        return () => {
          setLeaving(request.client.name);
          externalNavigation.replace(answer.redirectTo);
        };
      } catch (error) {
        // A refusal (the request expired, the app was disabled meanwhile) ends here; a failure of the
        // network or the server can be tried again with the same buttons.
        return isRefusal(error) ? () => setRefused(error.errMsg) : () => showError(error);
      }
    });

  if (leaving !== null) {
    return (
      <div className={styles.loading} role="status">
        <DotLoading aria-hidden />
        <p className={styles.leavingText}>正在返回「{leaving}」…</p>
      </div>
    );
  }
  return <ConsentView request={request} pending={busy ? choice : null} onDecide={(approve) => void decide(approve)} />;
}

function ConsentView({
  request,
  pending,
  onDecide,
}: {
  request: ConsentRequest;
  /** The choice being sent, if any. */
  pending: boolean | null;
  onDecide: (approve: boolean) => void;
}) {
  const brand = brandOf(useSession((state) => state.sourceId));
  const customer = useSession((state) => state.customer);

  return (
    <main className={styles.page}>
      <header className={styles.app}>
        <div className={styles.appMark} aria-hidden>
          {Array.from(request.client.name)[0] ?? '?'}
        </div>
        <h1 className={styles.appName}>{request.client.name}</h1>
        <div className={styles.organisation} aria-label="提供方">
          由 {request.client.organisation} 提供
        </div>
      </header>
      <section className={styles.card} aria-labelledby="consent-scopes">
        <h2 id="consent-scopes" className={styles.cardTitle}>
          该应用请求获得您的以下授权：
        </h2>
        <ul className={styles.scopes} aria-label="授权内容">
          {request.scopes.map((scope) => (
            <li key={scope.scope} className={styles.scope}>
              <span className={styles.scopeMark} aria-hidden>
                ✓
              </span>
              <span>{scope.text}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-label="授权说明">
        {customer === null ? null : (
          <p className={styles.note}>
            授权账号：
            <strong className={styles.account}>
              {customer.nickname} <span className={styles.phone}>{maskPhone(customer.phone)}</span>
            </strong>
          </p>
        )}
        <p className={styles.note}>只能为您本人的{brand.name}账号授权，不能替家人或他人授权。</p>
        <p className={styles.note}>
          同意后，您可以随时在“我的 → 设置 → 授权管理”中取消授权，取消后该应用立即无法再读取您的数据。
        </p>
      </section>
      <div className={styles.actions}>
        <Button
          block
          color="primary"
          size="large"
          loading={pending === true}
          disabled={pending !== null}
          onClick={() => onDecide(true)}
        >
          同意授权
        </Button>
        <Button
          block
          size="large"
          loading={pending === false}
          disabled={pending !== null}
          className={styles.deny}
          onClick={() => onDecide(false)}
        >
          拒绝
        </Button>
      </div>
    </main>
  );
}

/**
 * A request that cannot be answered: the reason in plain words, and the way back into our app. It
 * never sends the patient to the requesting app, whose return address may not be its own.
 */
function ConsentErrorPage({ message, onRetry }: { message: string; onRetry?: () => void }) {
  useDocumentTitle('无法完成授权');
  const navigate = useNavigate();
  const location = useLocation();
  // A visitor is refused (请先注册) until registered; registration then comes back to this request.
  const visitor = useSession((state) => String(state.isAuth) !== '1');
  const register = () => {
    useSession.getState().setWanted(`${location.pathname}${location.search}`);
    void navigate(REGISTER_PATH, { replace: true });
  };
  return (
    <main className={styles.errorPage}>
      <div className={styles.errorMark} aria-hidden>
        !
      </div>
      <h1 className={styles.errorTitle}>无法完成授权</h1>
      <p className={styles.errorReason} role="alert">
        {message}
      </p>
      <p className={styles.errorHelp}>您的数据没有提供给任何应用。请回到发起授权的应用重新操作，或联系该应用的客服。</p>
      {visitor ? (
        <Button block color="primary" size="large" onClick={register}>
          去注册
        </Button>
      ) : null}
      {onRetry === undefined ? null : (
        <Button block color="primary" size="large" className={styles.errorHome} onClick={onRetry}>
          重新加载
        </Button>
      )}
      <Button
        block
        size="large"
        color={onRetry === undefined && !visitor ? 'primary' : 'default'}
        className={styles.errorHome}
        onClick={() => void navigate('/', { replace: true })}
      >
        返回首页
      </Button>
    </main>
  );
}
