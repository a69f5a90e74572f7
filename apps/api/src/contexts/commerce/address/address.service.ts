// The customer's delivery addresses (spec 3 §2.7, §5; docs/adr/0182-addresses-one-default.md): the
// domain's validateAddress is the rule, exactly one default, and orders take a snapshot.
import { ADDRESS_MESSAGES, ADDRESS_PAGE_SIZE, ADDRESS_MAX_COUNT, validateAddress } from '@glucoguard/domain';
import type { BodyOf, QueryOf } from '../../../lib/contract';
import { withSubjectLock, type Db } from '../../../lib/db';
import { AppError, ErrorCodes, notFound } from '../../../lib/errors';
import { pageOf } from '../../../lib/list';
import type { CustomerAddress } from './address.entity';
import { AddressRepository } from './address.repository';

const MISSING = '该收货地址不存在';
const TOO_MANY = `最多保存${ADDRESS_MAX_COUNT}个收货地址`;

/** An address as the API shows it (Address). */
function addressView(a: CustomerAddress) {
  return {
    addressId: a.id,
    consigneeName: a.consigneeName,
    phone: a.phone,
    province: a.province,
    city: a.city,
    district: a.district,
    detailAddress: a.detailAddress,
    isDefault: a.isDefault ? (1 as const) : (0 as const),
  };
}

/** The form's fields, trimmed, after the domain's check (40000 with its message). */
function checkedFields(body: BodyOf<'addressAdd'>) {
  const fields = {
    consigneeName: body.consigneeName.trim(),
    phone: body.phone.trim(),
    province: body.province.trim(),
    city: body.city.trim(),
    district: body.district.trim(),
    detailAddress: body.detailAddress.trim(),
  };
  const result = validateAddress(fields);
  if (!result.ok) {
    throw new AppError(ErrorCodes.badRequest, result.message, 400);
  }
  return fields;
}

/** Address writes of one customer run one after another, so "the first is the default" and the count hold. */
const lockOf = (customerId: string) => `address:${customerId}`;

/** GET /address/v1/list: the default first, then the newest, in pages of 5. */
export async function listAddresses(db: Db, customerId: string, q: QueryOf<'addressList'>) {
  const pageNo = q.pageNo ?? 1;
  const [rows, total] = await new AddressRepository(db).page(
    customerId,
    (pageNo - 1) * ADDRESS_PAGE_SIZE,
    ADDRESS_PAGE_SIZE,
  );
  return { ...pageOf(rows.map(addressView), total, pageNo, ADDRESS_PAGE_SIZE), totalNum: total };
}

/** GET /address/v1/getDefault: null only for a customer without addresses. */
export async function defaultAddress(db: Db, customerId: string) {
  const row = await new AddressRepository(db).defaultOf(customerId);
  return row ? addressView(row) : null;
}

/** POST /address/v1/add: the first address, or one marked isDefault, becomes the default. */
export async function addAddress(db: Db, customerId: string, body: BodyOf<'addressAdd'>, now: Date) {
  const fields = checkedFields(body);
  return withSubjectLock(db, lockOf(customerId), async (tx) => {
    const repo = new AddressRepository(tx);
    const count = await repo.count(customerId);
    if (count >= ADDRESS_MAX_COUNT) {
      throw new AppError(ErrorCodes.conflict, TOO_MANY, 409);
    }
    const isDefault = count === 0 || body.isDefault === 1;
    if (isDefault) {
      await repo.clearDefault(customerId, now);
    }
    const row = repo.create({ customerId, ...fields, isDefault, createdAt: now, updatedAt: now });
    await repo.flush();
    return addressView(row);
  });
}

/** POST /address/v1/edit: the same checks; isDefault 1 moves the default here, 0 never removes it. */
export async function editAddress(db: Db, customerId: string, body: BodyOf<'addressEdit'>, now: Date) {
  const fields = checkedFields(body);
  return withSubjectLock(db, lockOf(customerId), async (tx) => {
    const repo = new AddressRepository(tx);
    const row = await repo.own(customerId, body.addressId);
    if (!row) {
      throw notFound(MISSING);
    }
    if (body.isDefault === 1 && !row.isDefault) {
      await repo.clearDefault(customerId, now);
      row.isDefault = true;
    }
    Object.assign(row, fields, { updatedAt: now });
    await repo.flush();
    return addressView(row);
  });
}

/** POST /address/v1/setDefault. */
export async function setDefaultAddress(db: Db, customerId: string, addressId: string, now: Date) {
  return withSubjectLock(db, lockOf(customerId), async (tx) => {
    const repo = new AddressRepository(tx);
    const row = await repo.own(customerId, addressId);
    if (!row) {
      throw notFound(MISSING);
    }
    if (!row.isDefault) {
      await repo.clearDefault(customerId, now);
      row.isDefault = true;
      row.updatedAt = now;
      await repo.flush();
    }
    return addressView(row);
  });
}

/** POST /address/v1/del: the default is refused with the spec's message. */
export async function deleteAddress(db: Db, customerId: string, addressId: string): Promise<null> {
  return withSubjectLock(db, lockOf(customerId), async (tx) => {
    const repo = new AddressRepository(tx);
    const row = await repo.own(customerId, addressId);
    if (!row) {
      throw notFound(MISSING);
    }
    if (row.isDefault || !(await repo.deleteOwnNonDefault(customerId, addressId))) {
      throw new AppError(ErrorCodes.conflict, ADDRESS_MESSAGES.deleteDefault, 409);
    }
    return null;
  });
}

/** What an order keeps of the address it is sent to. */
export interface AddressSnapshot {
  consigneeName: string;
  phone: string;
  province: string;
  city: string;
  district: string;
  detailAddress: string;
}

/**
 * For ORDER-API: the customer's address as the order stores it, or 40400 该收货地址不存在 for a
 * missing one and someone else's alike. Runs on the order's transaction when given one.
 */
export async function addressForOrder(db: Db, customerId: string, addressId: string): Promise<AddressSnapshot> {
  const row = /^\d{1,18}$/.test(addressId) ? await new AddressRepository(db).own(customerId, addressId) : null;
  if (!row) {
    throw notFound(MISSING);
  }
  const { consigneeName, phone, province, city, district, detailAddress } = row;
  return { consigneeName, phone, province, city, district, detailAddress };
}
