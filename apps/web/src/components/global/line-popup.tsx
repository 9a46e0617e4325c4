import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../lib/i18n.ts';
import { toastSuccess } from '../../lib/feedback.tsx';
import { usePreferences } from '../../stores/preferences-store.ts';
import { useUi } from '../../stores/ui-store.ts';
import { fetchLines, lineBase, probeLine } from '../../system/lines.ts';
import { useConfigValue } from '../../system/system-api.ts';
import { EmptyState } from '../empty-state.tsx';
import { Popup } from '../popup.tsx';

/** Line selection: lists the configured lines with their measured latency; the choice is kept. */
type Latency = Record<string, number | null | 'probing'>;

/** Measures every line at once, marking each as probing until its answer (or its failure) arrives. */
function probeLines(
  lines: readonly { url: string }[],
  setLatency: (update: (prev: Latency) => Latency) => void,
) {
  for (const line of lines) {
    setLatency((prev) => ({ ...prev, [line.url]: 'probing' }));
    void probeLine(line.url).then((ms) => setLatency((prev) => ({ ...prev, [line.url]: ms })));
  }
}

export function LinePopup() {
  const t = useT();
  const open = useUi((s) => s.lineOpen);
  const setOpen = useUi((s) => s.setLineOpen);
  const lineUrl = usePreferences((s) => s.lineUrl);
  const setLineUrl = usePreferences((s) => s.setLineUrl);
  const client = useQueryClient();
  const linesUrl = useConfigValue('PORTAL', 'linesUrl') ?? '/lines.json';
  const lines = useQuery({
    queryKey: ['lines', linesUrl],
    queryFn: () => fetchLines(linesUrl),
    enabled: open,
  });
  const titleId = useId();
  const [latency, setLatency] = useState<Latency>({});

  const probeAll = () => probeLines(lines.data ?? [], setLatency);
  // Probe when the list arrives or the popup opens.
  useEffect(() => {
    if (open && lines.data) probeLines(lines.data, setLatency);
  }, [open, lines.data]);

  const choose = async (url: string) => {
    setLineUrl(lineBase(url, window.location.origin));
    setOpen(false);
    await client.invalidateQueries();
    toastSuccess(t('toast.operationSuccess'));
  };

  return (
    <Popup open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
      <div className="sheet" data-testid="line-popup">
        <div className="sheet__title" id={titleId}>
          {t('line.title')}
        </div>
        <p className="sheet__hint">{t('line.hint')}</p>
        {lines.isError ? (
          <EmptyState kind="loadFailed" message={t('line.loadFailed')} onRetry={() => void lines.refetch()} />
        ) : (
          <div className="choice-list">
            {(lines.data ?? []).map((line) => {
              const selected = lineBase(line.url, window.location.origin) === lineUrl;
              const ms = latency[line.url];
              return (
                <button
                  key={line.url}
                  type="button"
                  className={`choice${selected ? ' choice--selected' : ''}`}
                  onClick={() => void choose(line.url)}
                >
                  <span className="choice__label">
                    {line.name === 'default' ? t('line.default') : line.name}
                  </span>
                  <span
                    className={`choice__meta num ${typeof ms === 'number' ? (ms < 300 ? 'up' : 'down') : ''}`}
                  >
                    {ms === 'probing' || ms === undefined
                      ? t('common.loading')
                      : ms === null
                        ? t('common.unreachable')
                        : t('common.ms', { value: ms })}
                  </span>
                </button>
              );
            })}
            <button type="button" className="choice" onClick={probeAll}>
              <span className="choice__label muted">{t('line.probe')}</span>
            </button>
          </div>
        )}
      </div>
    </Popup>
  );
}
