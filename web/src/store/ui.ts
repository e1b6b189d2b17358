// App-wide UI state: the account dialog.
import { create } from 'zustand';

export type AccountDialogMode = 'Login' | 'Register' | 'ResetPwd';

interface UiState {
  accountDialog: { open: boolean; mode: AccountDialogMode };
  openAccountDialog(mode?: AccountDialogMode): void;
  setAccountDialogMode(mode: AccountDialogMode): void;
  closeAccountDialog(): void;
}

export const useUi = create<UiState>((set) => ({
  accountDialog: { open: false, mode: 'Login' },
  openAccountDialog: (mode = 'Login') => set({ accountDialog: { open: true, mode } }),
  setAccountDialogMode: (mode) => set((s) => ({ accountDialog: { ...s.accountDialog, mode } })),
  closeAccountDialog: () => set((s) => ({ accountDialog: { ...s.accountDialog, open: false } })),
}));
