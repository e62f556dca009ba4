/**
 * A small line chart of figures over time (TimeSeriesChart.tsx), as the kit exports it: its code, with
 * Chakra's charts and recharts (about 125 KB gzip), downloads when the first chart is drawn, so only a
 * screen that draws one downloads it. Until then (and should it fail to download) the chart's place
 * keeps its height with a quiet notice. A chart is a picture: the screen gives the same figures as text
 * (a table) beside it.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { lazyPart } from './lazyParts';

/** The palettes a line may take (among the theme's: theme.ts COLOR_PALETTES). */
export type ChartPalette = 'blue' | 'orange' | 'green' | 'red' | 'teal' | 'purple' | 'gray';

export interface ChartLine {
  /** The row's key of this line's values. */
  key: string;
  /** Its name in the legend and the tooltip. */
  label: string;
  palette: ChartPalette;
  /** Drawn dashed (and so in the legend): two lines differ by more than their colour. */
  dashed?: boolean;
}

/** One moment: its instant under `at`, and a value (or null: nothing measured) per line's key. */
export type ChartRow = { at: string } & Record<string, string | number | null>;

export interface TimeSeriesChartProps {
  /** The chart's accessible name (what it shows). */
  label: string;
  /** Oldest first. */
  rows: readonly ChartRow[];
  lines: readonly ChartLine[];
  /** A value as the axis and the tooltip read it ('2,5 %'). */
  formatValue: (value: number) => string;
  /** An instant as the axis reads it ('14:05', '21/11'). */
  formatTick: (at: string) => string;
  /** An instant as the tooltip reads it ('21/11/2026 14:05'). */
  formatTime: (at: string) => string;
  /** The value axis reaches at least this (an error rate's 1 %: all zeros would otherwise read 0–400 %). */
  axisAtLeast?: number;
  /** Height of the drawing (a CSS length, or pixels; default 10rem). */
  height?: number | string;
  /** Said in the chart's place while its code downloads, or if it cannot. */
  placeholder: string;
  /**
   * Clicking a moment opens what lies behind its figures (`at` as given in its row), e.g. the list they
   * count. A pointer's way in: the screen's table of the same figures offers each as a link for the keyboard.
   */
  onOpen?: (at: string) => void;
}

const Loaded = lazyPart<TimeSeriesChartProps>(
  'TimeSeriesChart',
  () => import('./TimeSeriesChart').then((m) => m.TimeSeriesChart),
  // (its library is one screen's: the tests do not download it for every screen that imports the kit)
  { preloaded: false },
);

function Placeholder({ height = '10rem', text }: { height?: number | string; text: string }) {
  return (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', fontSize: '0.75rem', color: 'var(--chakra-colors-fg-muted)' }}>{text}</div>
  );
}

/** A chart whose code failed to download shows its placeholder: the figures are still in the screen's table. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function TimeSeriesChart(props: TimeSeriesChartProps) {
  const placeholder = <Placeholder height={props.height} text={props.placeholder} />;
  return (
    <ChartBoundary fallback={placeholder}>
      <Suspense fallback={placeholder}>
        <Loaded {...props} />
      </Suspense>
    </ChartBoundary>
  );
}
TimeSeriesChart.preload = Loaded.preload;
