import { canDownloadFiles } from './share-logic.ts';

/**
 * The shareable invitation picture: the app's name, a line of invitation, the QR code of the
 * registration link and the invite code, drawn on a canvas in the dark brand colours whatever the
 * theme, so every picture an agent sends looks the same. It is 750 px wide, twice a phone's width,
 * so it stays sharp when opened full screen.
 */
export interface SharePictureContent {
  appName: string;
  tagline: string;
  codeLabel: string;
  inviteCode: string;
  /** The QR code as already drawn on the screen's own canvas. */
  qr: CanvasImageSource;
  direction: 'ltr' | 'rtl';
  fontFamily: string;
}

const WIDTH = 750;
const HEIGHT = 1000;
const PANEL = { x: 155, y: 290, size: 440, radius: 28, padding: 20 };
const COLOURS = {
  top: '#1b2130',
  bottom: '#0b0e14',
  brand: '#f0b90b',
  text: '#eaecef',
  secondary: '#9aa3b2',
  panel: '#ffffff',
};

function drawBackground(ctx: CanvasRenderingContext2D): void {
  const fill = ctx.createLinearGradient(0, 0, 0, HEIGHT);
  fill.addColorStop(0, COLOURS.top);
  fill.addColorStop(1, COLOURS.bottom);
  ctx.fillStyle = fill;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  // A band of the brand colour along the top, as on the app's own cards.
  ctx.fillStyle = COLOURS.brand;
  ctx.fillRect(0, 0, WIDTH, 12);
}

function drawCentredText(
  ctx: CanvasRenderingContext2D,
  text: string,
  y: number,
  style: { font: string; colour: string },
): void {
  ctx.font = style.font;
  ctx.fillStyle = style.colour;
  ctx.textAlign = 'center';
  ctx.fillText(text, WIDTH / 2, y, WIDTH - 80);
}

/** The code's digits one by one, evenly spaced, so they read apart at a glance and when typed. */
function drawSpacedCode(ctx: CanvasRenderingContext2D, code: string, y: number, font: string): void {
  ctx.font = font;
  ctx.fillStyle = COLOURS.text;
  ctx.textAlign = 'center';
  const step = 64;
  const start = WIDTH / 2 - ((code.length - 1) * step) / 2;
  [...code].forEach((digit, index) => ctx.fillText(digit, start + index * step, y));
}

function drawQrPanel(ctx: CanvasRenderingContext2D, qr: CanvasImageSource): void {
  ctx.fillStyle = COLOURS.panel;
  ctx.beginPath();
  // Browsers from before 2022 (Safari 15) draw no rounded rectangles; a square panel serves as well.
  if (typeof ctx.roundRect === 'function') {
    ctx.roundRect(PANEL.x, PANEL.y, PANEL.size, PANEL.size, PANEL.radius);
  } else {
    ctx.rect(PANEL.x, PANEL.y, PANEL.size, PANEL.size);
  }
  ctx.fill();
  const inner = PANEL.size - PANEL.padding * 2;
  ctx.drawImage(qr, PANEL.x + PANEL.padding, PANEL.y + PANEL.padding, inner, inner);
}

/** Draws the picture on a new canvas; throws when the browser gives no 2D canvas. */
export function drawSharePicture(content: SharePictureContent): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser gives no 2D canvas to draw the picture on.');
  ctx.direction = content.direction;
  ctx.textBaseline = 'alphabetic';
  const font = (weight: number, size: number) => `${weight} ${size}px ${content.fontFamily}`;
  drawBackground(ctx);
  drawCentredText(ctx, content.appName, 150, { font: font(800, 72), colour: COLOURS.brand });
  drawCentredText(ctx, content.tagline, 218, { font: font(500, 32), colour: COLOURS.secondary });
  drawQrPanel(ctx, content.qr);
  drawCentredText(ctx, content.codeLabel, 830, { font: font(500, 30), colour: COLOURS.secondary });
  drawSpacedCode(ctx, content.inviteCode, 920, font(800, 76));
  return canvas;
}

/** Saved, or not, with the picture (when it could be drawn) for the user to long-press instead. */
export type SaveOutcome = { saved: true } | { saved: false; pictureUrl: string | null };

/**
 * Draws the picture and downloads it as a PNG through a link with `download`. Where that cannot work
 * (an in-app browser) or anything fails on the way, the outcome says so and carries the picture as a
 * data URL when it was drawn, so the screen can show it to be saved with a long press.
 */
export function saveSharePicture(content: SharePictureContent, fileName: string): SaveOutcome {
  let pictureUrl: string | null = null;
  try {
    pictureUrl = drawSharePicture(content).toDataURL('image/png');
    const link = document.createElement('a');
    if (!canDownloadFiles(navigator.userAgent, link)) return { saved: false, pictureUrl };
    link.href = pictureUrl;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    return { saved: true };
  } catch (error) {
    console.warn('[share] the picture could not be saved', error);
    return { saved: false, pictureUrl };
  }
}
