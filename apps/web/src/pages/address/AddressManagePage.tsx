import { ADDRESS_MESSAGES, PAGE_SIZES } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { addAddressPath, editAddressPath } from './addressPaths';
import styles from './address.module.css';

type Address = Schema<'Address'>;

/** One address: who, the phone, where; the default marked; 设为默认 and 编辑 beside it. */
function AddressCard({
  address,
  choosing,
  onChoose,
  onDefault,
  onEdit,
}: {
  address: Address;
  choosing: boolean;
  onChoose: (a: Address) => void;
  onDefault: (a: Address) => void;
  onEdit: (a: Address) => void;
}) {
  const isDefault = address.isDefault === 1;
  const body = (
    <>
      <span className={styles.who}>
        <span className={styles.name}>{address.consigneeName}</span>
        <span>{address.phone}</span>
        {isDefault ? <span className={styles.defaultTag}>默认</span> : null}
      </span>
      <span className={styles.where}>
        {address.province}
        {address.city}
        {address.district}
        {address.detailAddress}
      </span>
    </>
  );
  return (
    <article className={styles.card} aria-label={`${address.consigneeName}的收货地址`}>
      {choosing ? (
        <button type="button" className={styles.cardBody} onClick={() => onChoose(address)}>
          {body}
        </button>
      ) : (
        <div className={styles.cardBody}>{body}</div>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.defaultSwitch}
          aria-pressed={isDefault}
          disabled={isDefault}
          onClick={() => onDefault(address)}
        >
          <span className={styles.radio} aria-hidden="true" />
          {isDefault ? '默认地址' : '设为默认'}
        </button>
        <button type="button" className={styles.action} onClick={() => onEdit(address)}>
          编辑
        </button>
      </div>
    </article>
  );
}

/**
 * /address/addressManage (spec 3 §2.7): the customer's addresses in pages of 5, the default first,
 * with 设为默认 and 编辑 (delete is on the edit page, as the spec has it). Opened from the order form
 * (`fromOrder=1`) a tap on an address sends the order there: it becomes the default the order form
 * reads, and the form comes back (docs/adr/0182-addresses-one-default.md).
 */
export default function AddressManagePage() {
  useDocumentTitle('收货地址');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const choosing = search.get('fromOrder') === '1';
  const [generation, setGeneration] = useState(0);
  const { run } = useSubmitGuard();
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/address/v1/list', { params: { query: { pageNo, pageSize: PAGE_SIZES.addresses } } }),
    [],
  );
  const makeDefault = (address: Address, then?: () => void) =>
    run(async () => {
      try {
        await api().POST('/address/v1/setDefault', { body: { addressId: address.addressId } });
      } catch (error) {
        return () => showError(error);
      }
      return () => {
        setGeneration((g) => g + 1);
        if (then) {
          then();
        } else {
          toast('已设为默认地址');
        }
      };
    });
  return (
    <div className={styles.page}>
      <div className={styles.list}>
        <InfiniteList<Address>
          aria-label="收货地址"
          resetKey={generation}
          loadPage={loadPage}
          itemKey={(a) => a.addressId}
          emptyText={ADDRESS_MESSAGES.empty}
          finishedText="没有更多了"
          renderItem={(a) => (
            <AddressCard
              address={a}
              choosing={choosing}
              onChoose={(chosen) => void makeDefault(chosen, () => void navigate(-1))}
              onDefault={(chosen) => void makeDefault(chosen)}
              onEdit={(chosen) => void navigate(editAddressPath(chosen))}
            />
          )}
        />
      </div>
      <div className={styles.footer}>
        <Button block color="primary" size="large" onClick={() => void navigate(addAddressPath(choosing ? 1 : 2))}>
          新增收货地址
        </Button>
      </div>
    </div>
  );
}
