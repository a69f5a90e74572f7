import { create } from 'zustand';

/**
 * A device key that arrived in the launch address (`?deviceKey=`) while this browser already had
 * a key of its own: it waits here, in memory only, until the user confirms the switch in the
 * dialog that names the account (issue 15 B). A reload before that simply forgets it.
 */
export interface DeviceKeySwitchState {
  pending: string | null;
  setPending: (key: string | null) => void;
}

export const useDeviceKeySwitch = create<DeviceKeySwitchState>()((set) => ({
  pending: null,
  setPending: (pending) => set({ pending }),
}));
