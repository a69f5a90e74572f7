import type { Schema } from '@glucoguard/sdk';

/** The address book's pages (spec 3 §2.7). */
const ADD_ADDRESS_PATH = '/address/addAddress';

/** `isEdit` of /address/addAddress: 0 edit, 1 add from the order flow, 2 plain add (domain ADDRESS_EDIT_MODE). */
export type AddressEditMode = 0 | 1 | 2;

/** /address/addAddress to add one (1 from the order flow, 2 otherwise). */
export function addAddressPath(mode: 1 | 2): string {
  return `${ADD_ADDRESS_PATH}?isEdit=${mode}`;
}

/** /address/addAddress to edit one, with the spec's query (id, name, phoneNumber, address, region, isDefault). */
export function editAddressPath(address: Schema<'Address'>): string {
  const query = new URLSearchParams({
    isEdit: '0',
    id: address.addressId,
    name: address.consigneeName,
    phoneNumber: address.phone,
    address: address.detailAddress,
    province: address.province,
    city: address.city,
    district: address.district,
    isDefault: String(address.isDefault),
  });
  return `${ADD_ADDRESS_PATH}?${query.toString()}`;
}
