import { useMemo, useState } from 'react';
import { CalendarPicker, ConfigProvider, useConfig } from 'antd-mobile';
import { htmlLang, type LocaleCode } from '@vela/i18n';
import { useT, type TFunction } from '../../lib/i18n.ts';
import { usePreferences } from '../../stores/preferences-store.ts';
import { dayNumber, localDate, localDay, type DayRange } from './reports-logic.ts';

/** A Monday, from which the week's names are read in the reader's language. */
const A_MONDAY = new Date(Date.UTC(2024, 0, 1));

/**
 * The names of the week's days, Monday first, as antd-mobile's calendar takes them. Arabic's short
 * names are whole words, too wide for a seventh of a phone, so it gets the one-letter ones its own
 * calendars use.
 */
export function weekdayNames(locale: LocaleCode): string[] {
  const format = new Intl.DateTimeFormat(htmlLang(locale), {
    weekday: locale === 'ar' ? 'narrow' : 'short',
    timeZone: 'UTC',
  });
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(A_MONDAY.getTime() + i * 86_400_000)));
}

type AntdLocale = ReturnType<typeof useConfig>['locale'];

/**
 * antd-mobile's own words for the calendar, in the app's language. Its built-in catalogues miss
 * some of the app's languages or translate them poorly (Arabic weekdays as "one", "two"…), so the
 * words come from the app's catalogue and the weekday names from the browser.
 */
function calendarLocale(base: AntdLocale, t: TFunction, locale: LocaleCode): AntdLocale {
  return {
    ...base,
    common: {
      ...base.common,
      confirm: t('common.confirm'),
      cancel: t('common.cancel'),
      close: t('common.close'),
    },
    Calendar: {
      ...base.Calendar,
      title: t('report.range.pick'),
      confirm: t('report.range.apply'),
      start: t('report.calendar.start'),
      end: t('report.calendar.end'),
      startAndEnd: t('report.calendar.startAndEnd'),
      today: t('report.range.today'),
      markItems: weekdayNames(locale),
      // antd-mobile fills its own `${year}` and `${month}` placeholders into this template.
      yearAndMonth: t('report.calendar.month', { year: '${year}', month: '${month}' }),
    },
  };
}

/** The dates the calendar starts from when it opens: the range shown, or none when it names no real days. */
function datesOf(range: DayRange): [Date, Date] | null {
  if (dayNumber(range.from) === null || dayNumber(range.to) === null) return null;
  return [localDate(range.from), localDate(range.to)];
}

/**
 * The custom range: a calendar from the account's first day to today, on which the first and the
 * last day are tapped and applied. Each opening starts from the range shown; closing without
 * applying changes nothing.
 */
export default function ReportCalendar({
  open,
  range,
  firstDay,
  lastDay,
  onClose,
  onChoose,
}: {
  open: boolean;
  range: DayRange;
  firstDay: string;
  lastDay: string;
  onClose(): void;
  onChoose(range: DayRange): void;
}) {
  const t = useT();
  const locale = usePreferences((s) => s.locale);
  const base = useConfig().locale;
  const words = useMemo(() => calendarLocale(base, t, locale), [base, t, locale]);
  const [draft, setDraft] = useState<[Date, Date] | null>(() => datesOf(range));
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    // Each opening starts again from the range on screen.
    setWasOpen(open);
    if (open) setDraft(datesOf(range));
  }
  return (
    <ConfigProvider locale={words}>
      <CalendarPicker
        selectionMode="range"
        visible={open}
        value={draft}
        onChange={setDraft}
        min={localDate(firstDay)}
        max={localDate(lastDay)}
        weekStartsOn="Monday"
        title={t('report.range.pick')}
        confirmText={t('report.range.apply')}
        closeOnMaskClick
        onClose={onClose}
        onConfirm={(dates) => {
          if (dates) onChoose({ from: localDay(dates[0]), to: localDay(dates[1]) });
        }}
        popupClassName="report-calendar"
      />
    </ConfigProvider>
  );
}
