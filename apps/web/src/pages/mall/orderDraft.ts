import { create } from 'zustand';

/** What the order form holds while the coupon chooser or an address page is open. */
export interface OrderDraft {
  /** The goods the draft is for: another goods item starts a new draft. */
  goodsId: number;
  quantity: number;
  /** The form's receive method (RECEIVE_TYPE_UI: 0 pickup, 1 mail), null until chosen. */
  receiveType: number | null;
  payType: number;
  usePoints: boolean;
  /** The meter a data plan renews, when the address did not name one. */
  deviceImei: string | null;
}

interface OrderDraftState {
  draft: OrderDraft | null;
  keep: (draft: OrderDraft) => void;
  clear: () => void;
}

/**
 * The order form of /mall/sendOrder kept while the user picks a coupon (/coupon/myCoupon, which comes
 * back with currentCouponId, Name and Value) or adds an address: the form, mounted again, takes up
 * what the user had chosen. Submitting clears it.
 */
export const useOrderDraft = create<OrderDraftState>()((set) => ({
  draft: null,
  keep: (draft) => set({ draft }),
  clear: () => set({ draft: null }),
}));
