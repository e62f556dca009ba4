/**
 * A QR code drawn as SVG elements (an order's VietQR payload, a calendar feed's URL): the pages'
 * Content-Security-Policy allows no data: images, and an SVG of rectangles needs none (nor any markup
 * injected as text). Plain elements; the encoder (the `qrcode` package) downloads with the first code
 * drawn, not with the kit: until it is there a blank square of the code's size keeps its place. A text
 * the encoder refuses, or an encoder that could not be downloaded, draws nothing: the text shown beside
 * the code says the same.
 */
import type { create } from 'qrcode';
import { useEffect, useMemo, useState } from 'react';

interface Encoder {
  create: typeof create;
}

/** Quiet modules around the code, as scanners need. */
const QR_MARGIN = 2;

let loading: Promise<Encoder> | undefined;
let loaded: Encoder | undefined;

/** The encoder's download, once (a failed one is tried again by the next code drawn). */
function loadEncoder(): Promise<Encoder> {
  loading ??= import('qrcode').then(
    (encoder) => (loaded = encoder),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The code's modules as one path, in module units, with the quiet zone; null for a text the encoder refuses. */
function drawingOf(encoder: Encoder, text: string): { size: number; path: string } | null {
  try {
    const { modules } = encoder.create(text, { errorCorrectionLevel: 'M' });
    let path = '';
    for (let row = 0; row < modules.size; row += 1) {
      for (let col = 0; col < modules.size; col += 1) {
        if (modules.get(row, col)) path += `M${col + QR_MARGIN} ${row + QR_MARGIN}h1v1h-1z`;
      }
    }
    return { size: modules.size + 2 * QR_MARGIN, path };
  } catch {
    return null;
  }
}

export interface QrCodeSvgProps {
  /** What the code holds. */
  text: string;
  /** Its accessible name: what scanning it gives. */
  label: string;
  /** Width and height, in pixels (default 160). */
  size?: number;
}

export function QrCodeSvg({ text, label, size = 160 }: QrCodeSvgProps) {
  const [encoder, setEncoder] = useState<Encoder | 'failed' | undefined>(loaded);
  useEffect(() => {
    if (encoder) return;
    let live = true;
    loadEncoder().then(
      (ready) => live && setEncoder(ready),
      () => live && setEncoder('failed'),
    );
    return () => {
      live = false;
    };
  }, [encoder]);
  const drawing = useMemo(() => (encoder && encoder !== 'failed' ? drawingOf(encoder, text) : null), [encoder, text]);
  if (!encoder) return <span aria-hidden="true" style={{ display: 'inline-block', width: size, height: size, flexShrink: 0 }} />;
  if (!drawing) return null;
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${drawing.size} ${drawing.size}`} shapeRendering="crispEdges" style={{ flexShrink: 0 }}>
      <rect width={drawing.size} height={drawing.size} fill="#fff" />
      <path d={drawing.path} fill="#000" />
    </svg>
  );
}
