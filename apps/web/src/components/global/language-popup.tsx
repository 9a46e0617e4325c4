import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { isLocaleCode, type LocaleCode } from '@vela/i18n';
import { useT } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { switchLanguage } from '../../system/language-switch.ts';
import { useLanguages } from '../../system/system-api.ts';
import { EmptyState } from '../empty-state.tsx';
import { Popup } from '../popup.tsx';

/** Flags shown beside each language's own name. */
const FLAGS: Record<LocaleCode, string> = {
  'zh-CN': '🇨🇳',
  en: '🇬🇧',
  'zh-TW': '🇹🇼',
  id: '🇮🇩',
  ms: '🇲🇾',
  es: '🇪🇸',
  tr: '🇹🇷',
  ja: '🇯🇵',
  kr: '🇰🇷',
  ar: '🇸🇦',
  pt: '🇵🇹',
};

/** How long after closing the popup the highlighted choice falls back to the current language. */
export const LANGUAGE_RESET_MS = 400;

/**
 * The language popup: it loads the server's language list when it opens and lists
 * the enabled ones. Save applies the choice only when it differs from the current language; the
 * choice resets to the current language 400 ms after closing. A change reloads the server data in
 * the new language (see system/language-switch.ts), without reloading the page.
 */
export function LanguagePopup() {
  const t = useT();
  const open = useUi((s) => s.languageOpen);
  const setOpen = useUi((s) => s.setLanguageOpen);
  const current = usePreferences((s) => s.locale);
  const client = useQueryClient();
  const [chosen, setChosen] = useState<LocaleCode>(current);
  const languages = useLanguages(open);
  // The query's refetch is the same function on every render, so the effect below runs only when
  // the popup opens or closes.
  const { refetch } = languages;
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const titleId = useId();

  useEffect(() => {
    if (open) {
      clearTimeout(resetTimer.current);
      void refetch();
    } else {
      resetTimer.current = setTimeout(() => setChosen(usePreferences.getState().locale), LANGUAGE_RESET_MS);
    }
    return () => clearTimeout(resetTimer.current);
  }, [open, refetch]);

  const save = async () => {
    if (chosen !== current) await switchLanguage(client, chosen);
    setOpen(false);
  };

  const enabled = (languages.data ?? []).filter((l) => l.enabled && isLocaleCode(l.code));
  return (
    <Popup open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
      <div className="sheet" data-testid="language-popup">
        <div className="sheet__title" id={titleId}>
          {t('language.title')}
        </div>
        {languages.isError ? (
          <EmptyState kind="loadFailed" onRetry={() => void languages.refetch()} />
        ) : (
          <div className="choice-list" role="radiogroup">
            {enabled.map((language) => {
              const code = language.code as LocaleCode;
              return (
                <button
                  key={code}
                  type="button"
                  role="radio"
                  aria-checked={chosen === code}
                  className={`choice${chosen === code ? ' choice--selected' : ''}`}
                  onClick={() => setChosen(code)}
                  data-testid={`language-${code}`}
                >
                  <span className="choice__flag" aria-hidden>
                    {FLAGS[code]}
                  </span>
                  <span className="choice__label" lang={code}>
                    {language.localeName}
                  </span>
                  {current === code ? <span className="choice__meta">{t('common.current')}</span> : null}
                </button>
              );
            })}
          </div>
        )}
        <Button
          block
          color="primary"
          className="primary-button"
          onClick={() => void save()}
          data-testid="language-save"
        >
          {t('common.save')}
        </Button>
      </div>
    </Popup>
  );
}
