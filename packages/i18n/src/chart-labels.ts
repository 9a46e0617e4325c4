import type { LocaleCode } from './locales.ts';

/**
 * The kline chart's own words in the eleven languages: the titles of the candle tooltip (time,
 * open, high, low, close, volume, change, turnover) and the period units klinecharts appends to a
 * period's span. They have the shape of klinecharts' `Locales`, so the chart registers them as they
 * are. The titles carry their separator (": ", or the full-width "：" of Chinese and Japanese)
 * because the chart draws the title and the value side by side without one. The chart is drawn
 * left to right in every language (time runs to the right), so an Arabic title ends its colon with
 * a right-to-left mark: the colon then stays on the word's left, where Arabic puts it.
 *
 * They live outside the screen catalogues on purpose: those load with the first screen, these only
 * with the chart (import `@vela/i18n/chart-labels` from the chart's module alone). Indicator
 * abbreviations (MA, EMA, BOLL, VOL, MACD, KDJ, RSI) are names, like coin symbols, and stay as they are.
 */
export interface ChartLabels {
  time: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  change: string;
  turnover: string;
  second: string;
  minute: string;
  hour: string;
  day: string;
  week: string;
  month: string;
  year: string;
}

export const CHART_LABELS: Record<LocaleCode, ChartLabels> = {
  'zh-CN': {
    time: '时间：',
    open: '开：',
    high: '高：',
    low: '低：',
    close: '收：',
    volume: '成交量：',
    change: '涨跌幅：',
    turnover: '成交额：',
    second: '秒',
    minute: '分钟',
    hour: '小时',
    day: '天',
    week: '周',
    month: '月',
    year: '年',
  },
  en: {
    time: 'Time: ',
    open: 'Open: ',
    high: 'High: ',
    low: 'Low: ',
    close: 'Close: ',
    volume: 'Volume: ',
    change: 'Change: ',
    turnover: 'Turnover: ',
    second: 's',
    minute: 'm',
    hour: 'H',
    day: 'D',
    week: 'W',
    month: 'M',
    year: 'Y',
  },
  'zh-TW': {
    time: '時間：',
    open: '開：',
    high: '高：',
    low: '低：',
    close: '收：',
    volume: '成交量：',
    change: '漲跌幅：',
    turnover: '成交額：',
    second: '秒',
    minute: '分鐘',
    hour: '小時',
    day: '天',
    week: '週',
    month: '月',
    year: '年',
  },
  id: {
    time: 'Waktu: ',
    open: 'Buka: ',
    high: 'Tertinggi: ',
    low: 'Terendah: ',
    close: 'Tutup: ',
    volume: 'Volume: ',
    change: 'Perubahan: ',
    turnover: 'Nilai transaksi: ',
    second: 'dtk',
    minute: 'mnt',
    hour: 'j',
    day: 'h',
    week: 'mg',
    month: 'bln',
    year: 'thn',
  },
  ms: {
    time: 'Masa: ',
    open: 'Buka: ',
    high: 'Tertinggi: ',
    low: 'Terendah: ',
    close: 'Tutup: ',
    volume: 'Volum: ',
    change: 'Perubahan: ',
    turnover: 'Nilai dagangan: ',
    second: 'saat',
    minute: 'min',
    hour: 'j',
    day: 'h',
    week: 'mgu',
    month: 'bln',
    year: 'thn',
  },
  es: {
    time: 'Hora: ',
    open: 'Apertura: ',
    high: 'Máximo: ',
    low: 'Mínimo: ',
    close: 'Cierre: ',
    volume: 'Volumen: ',
    change: 'Variación: ',
    turnover: 'Importe: ',
    second: 's',
    minute: 'min',
    hour: 'h',
    day: 'd',
    week: 'sem',
    month: 'mes',
    year: 'año',
  },
  tr: {
    time: 'Zaman: ',
    open: 'Açılış: ',
    high: 'En yüksek: ',
    low: 'En düşük: ',
    close: 'Kapanış: ',
    volume: 'Hacim: ',
    change: 'Değişim: ',
    turnover: 'İşlem tutarı: ',
    second: 'sn',
    minute: 'dk',
    hour: 'sa',
    day: 'g',
    week: 'hf',
    month: 'ay',
    year: 'yıl',
  },
  ja: {
    time: '時間：',
    open: '始値：',
    high: '高値：',
    low: '安値：',
    close: '終値：',
    volume: '出来高：',
    change: '騰落率：',
    turnover: '売買代金：',
    second: '秒',
    minute: '分',
    hour: '時間',
    day: '日',
    week: '週',
    month: '月',
    year: '年',
  },
  kr: {
    time: '시간: ',
    open: '시가: ',
    high: '고가: ',
    low: '저가: ',
    close: '종가: ',
    volume: '거래량: ',
    change: '변동률: ',
    turnover: '거래대금: ',
    second: '초',
    minute: '분',
    hour: '시간',
    day: '일',
    week: '주',
    month: '월',
    year: '년',
  },
  ar: {
    time: 'الوقت:\u200f ',
    open: 'الافتتاح:\u200f ',
    high: 'الأعلى:\u200f ',
    low: 'الأدنى:\u200f ',
    close: 'الإغلاق:\u200f ',
    volume: 'الحجم:\u200f ',
    change: 'التغيّر:\u200f ',
    turnover: 'قيمة التداول:\u200f ',
    second: 'ث',
    minute: 'د',
    hour: 'س',
    day: 'ي',
    week: 'أسبوع',
    month: 'شهر',
    year: 'سنة',
  },
  pt: {
    time: 'Hora: ',
    open: 'Abertura: ',
    high: 'Máxima: ',
    low: 'Mínima: ',
    close: 'Fechamento: ',
    volume: 'Volume: ',
    change: 'Variação: ',
    turnover: 'Montante: ',
    second: 's',
    minute: 'min',
    hour: 'h',
    day: 'd',
    week: 'sem',
    month: 'mês',
    year: 'ano',
  },
};
