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
  return (
    <>
      <LoadingMask />
      <LanguagePopup />
      <LinePopup />
      <CustomerServicePopup />
    </>
  );
}
