import { create } from 'zustand';

/**
 * Global popups (loading mask, language, server line, customer service) are opened
 * from any screen through this store and rendered once at the app root.
 */
interface UiState {
  loading: { visible: boolean; text: string | null };
  languageOpen: boolean;
  lineOpen: boolean;
  customerOpen: boolean;
  setLoading(loading: { visible: boolean; text: string | null }): void;
  setLanguageOpen(open: boolean): void;
  setLineOpen(open: boolean): void;
  setCustomerOpen(open: boolean): void;
}

export const useUi = create<UiState>()((set) => ({
  loading: { visible: false, text: null },
  languageOpen: false,
  lineOpen: false,
  customerOpen: false,
  setLoading: (loading) => set({ loading }),
  setLanguageOpen: (languageOpen) => set({ languageOpen }),
  setLineOpen: (lineOpen) => set({ lineOpen }),
  setCustomerOpen: (customerOpen) => set({ customerOpen }),
}));
