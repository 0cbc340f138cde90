/**
 * The invitation poster (issue 13 §4): the Red Sea drawn on a canvas — a sunlit gradient, waves, coral, fish and
 * bubbles, no image files — with the inviter's QR code and nickname, saved as a PNG. Pure drawing on a 2D context,
 * so the shapes are code, and the output is the same on every phone (fixed size, no device pixel ratio).
 */
import { encode } from 'uqr';

export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;

export interface PosterText {
  /** The inviter's nickname (or their uid when they have none). */
  nickname: string;
  uidLine: string;
  headline: string;
  caption: string;
  scanHint: string;
}

function waves(ctx: CanvasRenderingContext2D, top: number, amplitude: number, length: number, fill: string) {
  ctx.beginPath();
  ctx.moveTo(0, top);
  for (let x = 0; x <= POSTER_WIDTH; x += length) {
    ctx.quadraticCurveTo(x + length / 4, top - amplitude, x + length / 2, top);
    ctx.quadraticCurveTo(x + (3 * length) / 4, top + amplitude, x + length, top);
  }
  ctx.lineTo(POSTER_WIDTH, POSTER_HEIGHT);
  ctx.lineTo(0, POSTER_HEIGHT);
  ctx.closePath();
  ctx.fillStyle = fill;
  ctx.fill();
}

/** A branching coral: each branch splits in two, thinner, until `depth` runs out. */
function coral(ctx: CanvasRenderingContext2D, x: number, y: number, angle: number, length: number, width: number, depth: number, color: string) {
  const endX = x + Math.cos(angle) * length;
  const endY = y + Math.sin(angle) * length;
  ctx.strokeStyle = color;
  ctx.lineCap = 'round';
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.moveTo(x, y);
  ctx.quadraticCurveTo(x + Math.cos(angle + 0.3) * length * 0.5, y + Math.sin(angle + 0.3) * length * 0.5, endX, endY);
  ctx.stroke();
  if (depth > 0) {
    coral(ctx, endX, endY, angle - 0.45, length * 0.72, width * 0.68, depth - 1, color);
    coral(ctx, endX, endY, angle + 0.4, length * 0.7, width * 0.68, depth - 1, color);
  }
}

function fish(ctx: CanvasRenderingContext2D, x: number, y: number, size: number, body: string, fin: string, facingLeft: boolean) {
  ctx.save();
  ctx.translate(x, y);
  if (facingLeft) ctx.scale(-1, 1);
  ctx.fillStyle = fin;
  ctx.beginPath();
  ctx.moveTo(-size * 0.8, 0);
  ctx.lineTo(-size * 1.4, -size * 0.45);
  ctx.lineTo(-size * 1.4, size * 0.45);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.ellipse(0, 0, size, size * 0.55, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#0b2540';
  ctx.beginPath();
  ctx.arc(size * 0.55, -size * 0.12, size * 0.1, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function roundedRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

/** Text cut with an ellipsis to fit `maxWidth` (a long nickname must not run off the poster). */
function fitted(ctx: CanvasRenderingContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export function drawPoster(ctx: CanvasRenderingContext2D, link: string, text: PosterText): void {
  const W = POSTER_WIDTH;
  const H = POSTER_HEIGHT;
  const sea = ctx.createLinearGradient(0, 0, 0, H);
  sea.addColorStop(0, '#7fe3f0');
  sea.addColorStop(0.3, '#1f8fc1');
  sea.addColorStop(0.75, '#0b4d7a');
  sea.addColorStop(1, '#06243f');
  ctx.fillStyle = sea;
  ctx.fillRect(0, 0, W, H);

  // Sunbeams through the surface.
  const beam = ctx.createLinearGradient(0, 0, 0, H * 0.7);
  beam.addColorStop(0, 'rgba(255,255,255,0.35)');
  beam.addColorStop(1, 'rgba(255,255,255,0)');
  ctx.fillStyle = beam;
  for (const [x, spread] of [
    [120, 70],
    [330, 110],
    [560, 80],
  ] as const) {
    ctx.beginPath();
    ctx.moveTo(x - 20, 0);
    ctx.lineTo(x + 20, 0);
    ctx.lineTo(x + spread, H * 0.7);
    ctx.lineTo(x - spread, H * 0.7);
    ctx.closePath();
    ctx.fill();
  }

  waves(ctx, 150, 14, 150, 'rgba(255,255,255,0.12)');
  waves(ctx, 175, 10, 110, 'rgba(10,60,110,0.18)');

  // Bubbles.
  ctx.strokeStyle = 'rgba(255,255,255,0.55)';
  ctx.lineWidth = 3;
  for (const [x, y, r] of [
    [80, 420, 10],
    [100, 370, 6],
    [660, 300, 12],
    [640, 250, 7],
    [690, 520, 8],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.stroke();
  }

  fish(ctx, 170, 1010, 34, '#ffb347', '#ff7a66', false);
  fish(ctx, 600, 1040, 26, '#5ef0e2', '#ff7a66', true);
  fish(ctx, 560, 310, 20, '#ffe066', '#ff9f43', true);

  // The sea floor and its coral.
  const sand = ctx.createLinearGradient(0, H - 230, 0, H);
  sand.addColorStop(0, '#c9a66b');
  sand.addColorStop(1, '#8c6a3c');
  ctx.fillStyle = sand;
  ctx.beginPath();
  ctx.moveTo(0, H - 150);
  ctx.quadraticCurveTo(W * 0.3, H - 230, W * 0.6, H - 170);
  ctx.quadraticCurveTo(W * 0.85, H - 120, W, H - 190);
  ctx.lineTo(W, H);
  ctx.lineTo(0, H);
  ctx.closePath();
  ctx.fill();
  coral(ctx, 90, H - 150, -Math.PI / 2, 90, 18, 4, '#ff6f61');
  coral(ctx, 650, H - 170, -Math.PI / 2 - 0.1, 80, 16, 4, '#ff9ecd');
  coral(ctx, 380, H - 180, -Math.PI / 2 + 0.15, 60, 12, 3, '#ffb347');

  // Headline.
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#ffffff';
  ctx.font = 'bold 54px sans-serif';
  ctx.fillText(fitted(ctx, text.headline, W - 80), W / 2, 110);
  ctx.font = '30px sans-serif';
  ctx.fillText(fitted(ctx, text.caption, W - 80), W / 2, 250);

  // The card with the QR code and who invites.
  const cardX = 125;
  const cardY = 680;
  const cardW = 500;
  const cardH = 500;
  ctx.fillStyle = 'rgba(255,255,255,0.95)';
  roundedRect(ctx, cardX, cardY - 330, cardW, cardH + 100, 28);
  ctx.fill();
  ctx.fillStyle = '#0b2540';
  ctx.font = 'bold 38px sans-serif';
  ctx.fillText(fitted(ctx, text.nickname, cardW - 60), W / 2, cardY - 270);
  ctx.fillStyle = '#35597a';
  ctx.font = '26px sans-serif';
  ctx.fillText(fitted(ctx, text.uidLine, cardW - 60), W / 2, cardY - 228);

  const qr = encode(link, { ecc: 'M', border: 2 });
  const qrSide = 380;
  const cell = Math.floor(qrSide / qr.size);
  const drawn = cell * qr.size;
  const qrX = Math.round((W - drawn) / 2);
  const qrY = cardY - 200;
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(qrX, qrY, drawn, drawn);
  ctx.fillStyle = '#000000';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) ctx.fillRect(qrX + x * cell, qrY + y * cell, cell, cell);
    }),
  );
  ctx.fillStyle = '#35597a';
  ctx.font = '26px sans-serif';
  ctx.fillText(fitted(ctx, text.scanHint, cardW - 60), W / 2, qrY + drawn + 42);
}

/** Draws the poster on a new canvas and answers it as PNG bytes. */
export async function posterPng(link: string, text: PosterText): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  drawPoster(ctx, link, text);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/png'));
}

/** Saves `blob` under `name` through a download link (phones offer it in their downloads or photos). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
