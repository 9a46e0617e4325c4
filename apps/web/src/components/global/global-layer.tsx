import { useEffect } from 'react';
import { loadFeedbackOnFirstInput } from '../../lib/feedback.tsx';
import { fetchLaterFiles, whenPageSettled } from '../../lib/later-files.ts';
import { CustomerServicePopup } from './customer-service.tsx';
import { LanguagePopup } from './language-popup.tsx';
import { LinePopup } from './line-popup.tsx';
import { LoadingMask } from './loading-mask.tsx';

/**
 * The app-wide overlays. None of them shows on the first screen, so the app loads this module after
 * the first paint; they read their open state from the stores, so a popup asked for earlier still
 * opens as soon as the module is in.
 */
export default function GlobalOverlays() {
  // The toasts and dialogs are not on the first screen either (decision 013): their code is
  // downloaded once the page has settled, and runs on the first touch or key (decision 029).
  useEffect(() => whenPageSettled(() => void fetchLaterFiles()), []);
  useEffect(() => loadFeedbackOnFirstInput(window), []);
  return (
    <>
      <LoadingMask />
      <LanguagePopup />
      <LinePopup />
      <CustomerServicePopup />
    </>
  );
}
