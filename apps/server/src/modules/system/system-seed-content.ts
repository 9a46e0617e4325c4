import type { LocaleCode } from '@vela/i18n';

/**
 * Demo notices and banner titles in every language. The seed writes one row per language, so a user
 * sees the home screen in their own language from the first start.
 */

export interface SeedNotice {
  title: string;
  content: string;
  /** The popup notice is shown once as the home screen's system notice dialog. */
  popup: boolean;
}

export const LOCALE_NAMES: Record<LocaleCode, string> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-TW': '繁體中文',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  es: 'Español',
  tr: 'Türkçe',
  ja: '日本語',
  kr: '한국어',
  ar: 'العربية',
  pt: 'Português',
};

export const SEED_NOTICES: Record<LocaleCode, SeedNotice[]> = {
  en: [
    {
      title: 'Welcome to Vela',
      content:
        'Trade timed contracts, spot and perpetual futures from one account. Every settlement price comes from the recorded market feed and is shown on your order receipt.',
      popup: true,
    },
    {
      title: 'Protect your account with Google authenticator',
      content:
        'Bind Google authenticator under Me > Security settings. Once bound, every login asks for a 6-digit code.',
      popup: false,
    },
    {
      title: 'Deposits are reviewed within 30 minutes',
      content:
        'Upload a clear payment voucher with each deposit. Our finance team reviews deposits around the clock.',
      popup: false,
    },
  ],
  'zh-CN': [
    {
      title: '欢迎来到 Vela',
      content:
        '一个账户即可交易限时合约、现货和永续合约。每一笔结算价格均来自记录的行情数据，并显示在您的订单凭证上。',
      popup: true,
    },
    {
      title: '绑定谷歌验证器，保护您的账户',
      content: '在“我的 > 安全设置”中绑定谷歌验证器。绑定后，每次登录都需要输入 6 位验证码。',
      popup: false,
    },
    {
      title: '充值将在 30 分钟内审核',
      content: '每笔充值请上传清晰的付款凭证。我们的财务团队全天候审核充值。',
      popup: false,
    },
  ],
  'zh-TW': [
    {
      title: '歡迎來到 Vela',
      content:
        '一個帳戶即可交易限時合約、現貨及永續合約。每一筆結算價格皆來自記錄的行情資料，並顯示在您的訂單憑證上。',
      popup: true,
    },
    {
      title: '綁定谷歌驗證器，保護您的帳戶',
      content: '在「我的 > 安全設定」中綁定谷歌驗證器。綁定後，每次登入都需要輸入 6 位數驗證碼。',
      popup: false,
    },
    {
      title: '儲值將於 30 分鐘內審核',
      content: '每筆儲值請上傳清晰的付款憑證。我們的財務團隊全天候審核儲值。',
      popup: false,
    },
  ],
  id: [
    {
      title: 'Selamat datang di Vela',
      content:
        'Trading kontrak berwaktu, spot, dan futures perpetual dari satu akun. Setiap harga penyelesaian berasal dari data pasar yang tercatat dan ditampilkan pada bukti pesanan Anda.',
      popup: true,
    },
    {
      title: 'Lindungi akun Anda dengan Google Authenticator',
      content:
        'Hubungkan Google Authenticator di Saya > Pengaturan keamanan. Setelah terhubung, setiap login akan meminta kode 6 digit.',
      popup: false,
    },
    {
      title: 'Deposit ditinjau dalam 30 menit',
      content:
        'Unggah bukti pembayaran yang jelas untuk setiap deposit. Tim keuangan kami meninjau deposit 24 jam sehari.',
      popup: false,
    },
  ],
  ms: [
    {
      title: 'Selamat datang ke Vela',
      content:
        'Dagangkan kontrak bermasa, spot dan niaga hadapan kekal daripada satu akaun. Setiap harga penyelesaian diambil daripada suapan pasaran yang direkodkan dan dipaparkan pada resit pesanan anda.',
      popup: true,
    },
    {
      title: 'Lindungi akaun anda dengan Google Authenticator',
      content:
        'Pautkan Google Authenticator di Saya > Tetapan keselamatan. Setelah dipautkan, setiap log masuk akan meminta kod 6 digit.',
      popup: false,
    },
    {
      title: 'Deposit disemak dalam masa 30 minit',
      content:
        'Muat naik baucar pembayaran yang jelas bagi setiap deposit. Pasukan kewangan kami menyemak deposit sepanjang masa.',
      popup: false,
    },
  ],
  es: [
    {
      title: 'Bienvenido a Vela',
      content:
        'Opera contratos por tiempo, spot y futuros perpetuos desde una sola cuenta. Cada precio de liquidación procede del registro de datos de mercado y se muestra en el comprobante de tu orden.',
      popup: true,
    },
    {
      title: 'Protege tu cuenta con Google Authenticator',
      content:
        'Vincula Google Authenticator en Yo > Ajustes de seguridad. Una vez vinculado, cada inicio de sesión te pedirá un código de 6 dígitos.',
      popup: false,
    },
    {
      title: 'Los depósitos se revisan en 30 minutos',
      content:
        'Sube un comprobante de pago legible con cada depósito. Nuestro equipo financiero revisa los depósitos las 24 horas.',
      popup: false,
    },
  ],
  tr: [
    {
      title: "Vela'ya hoş geldiniz",
      content:
        'Süreli kontratlar, spot ve vadesiz vadeli işlemler tek hesaptan. Her uzlaşma fiyatı kayıtlı piyasa verisinden gelir ve emir makbuzunuzda gösterilir.',
      popup: true,
    },
    {
      title: 'Hesabınızı Google Authenticator ile koruyun',
      content:
        'Google Authenticator uygulamasını Ben > Güvenlik ayarları bölümünden bağlayın. Bağlandıktan sonra her girişte 6 haneli bir kod istenir.',
      popup: false,
    },
    {
      title: 'Para yatırma işlemleri 30 dakika içinde incelenir',
      content:
        'Her para yatırma işleminde net bir ödeme dekontu yükleyin. Finans ekibimiz para yatırma işlemlerini 7/24 inceler.',
      popup: false,
    },
  ],
  ja: [
    {
      title: 'Velaへようこそ',
      content:
        '時間指定取引、現物、無期限先物を1つのアカウントで取引できます。決済価格はすべて記録された相場データに基づき、注文の明細に表示されます。',
      popup: true,
    },
    {
      title: 'Google認証でアカウントを保護しましょう',
      content:
        '「マイページ > セキュリティ設定」でGoogle認証を連携してください。連携後は、ログインのたびに6桁のコードが必要になります。',
      popup: false,
    },
    {
      title: '入金は30分以内に審査されます',
      content:
        '入金の際は、鮮明な支払い証明をアップロードしてください。財務チームが24時間体制で入金を審査します。',
      popup: false,
    },
  ],
  kr: [
    {
      title: 'Vela에 오신 것을 환영합니다',
      content:
        '하나의 계정으로 시간 계약, 현물, 무기한 선물을 거래하세요. 모든 정산 가격은 기록된 시세 데이터를 기준으로 하며 주문 영수증에 표시됩니다.',
      popup: true,
    },
    {
      title: '구글 OTP로 계정을 보호하세요',
      content:
        '마이 > 보안 설정에서 구글 OTP를 연동하세요. 연동 후에는 로그인할 때마다 6자리 코드를 입력해야 합니다.',
      popup: false,
    },
    {
      title: '입금은 30분 이내에 검토됩니다',
      content: '입금할 때마다 선명한 결제 증빙을 업로드해 주세요. 재무팀이 24시간 입금을 검토합니다.',
      popup: false,
    },
  ],
  ar: [
    {
      title: 'مرحبًا بك في Vela',
      content:
        'تداول العقود المحددة بوقت والتداول الفوري والعقود الآجلة الدائمة من حساب واحد. كل سعر تسوية مأخوذ من بيانات السوق المسجلة ويظهر في إيصال طلبك.',
      popup: true,
    },
    {
      title: 'احمِ حسابك باستخدام Google Authenticator',
      content:
        'اربط Google Authenticator من حسابي > إعدادات الأمان. بعد الربط، سيُطلب منك رمز من 6 أرقام عند كل تسجيل دخول.',
      popup: false,
    },
    {
      title: 'تتم مراجعة الإيداعات خلال 30 دقيقة',
      content: 'ارفع إيصال دفع واضحًا مع كل إيداع. يراجع فريقنا المالي الإيداعات على مدار الساعة.',
      popup: false,
    },
  ],
  pt: [
    {
      title: 'Bem-vindo à Vela',
      content:
        'Negocie contratos por tempo, à vista e futuros perpétuos em uma única conta. Todo preço de liquidação vem do feed de mercado registrado e aparece no comprovante da sua ordem.',
      popup: true,
    },
    {
      title: 'Proteja sua conta com o Google Authenticator',
      content:
        'Vincule o Google Authenticator em Eu > Configurações de segurança. Depois de vinculado, cada login pedirá um código de 6 dígitos.',
      popup: false,
    },
    {
      title: 'Os depósitos são analisados em até 30 minutos',
      content:
        'Envie um comprovante de pagamento legível com cada depósito. Nossa equipe financeira analisa os depósitos 24 horas por dia.',
      popup: false,
    },
  ],
};

/** Titles of the three home banners, in the order of their images. */
export const SEED_BANNER_TITLES: Record<LocaleCode, [string, string, string]> = {
  en: ['Trade the markets in 30 seconds', 'Deposit USDT in a few steps', 'Watch every market live'],
  'zh-CN': ['30 秒交易全球市场', '几步即可充值 USDT', '实时查看全部行情'],
  'zh-TW': ['30 秒交易全球市場', '幾步即可儲值 USDT', '即時查看全部行情'],
  id: [
    'Trading pasar dalam 30 detik',
    'Deposit USDT dalam beberapa langkah',
    'Pantau semua pasar secara langsung',
  ],
  ms: [
    'Berdagang di pasaran dalam 30 saat',
    'Deposit USDT dalam beberapa langkah',
    'Ikuti semua pasaran secara langsung',
  ],
  es: [
    'Opera en los mercados en 30 segundos',
    'Deposita USDT en pocos pasos',
    'Sigue todos los mercados en directo',
  ],
  tr: ['30 saniyede piyasalarda işlem yapın', 'Birkaç adımda USDT yatırın', 'Tüm piyasaları canlı izleyin'],
  ja: ['30秒でマーケットを取引', '数ステップでUSDTを入金', 'すべての相場をリアルタイムで'],
  kr: ['30초 만에 시장을 거래하세요', '몇 단계로 USDT를 입금하세요', '모든 시세를 실시간으로 확인하세요'],
  ar: ['تداول في الأسواق خلال 30 ثانية', 'أودِع USDT في خطوات قليلة', 'تابع جميع الأسواق مباشرة'],
  pt: [
    'Negocie nos mercados em 30 segundos',
    'Deposite USDT em poucos passos',
    'Acompanhe todos os mercados ao vivo',
  ],
};
