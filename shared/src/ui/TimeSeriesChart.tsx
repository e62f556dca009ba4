/**
 * The line chart the kit draws figures over time with: Chakra's charts over recharts, one line per
 * series, each named in the legend beside a sample of its stroke (dashed or solid, so that two lines
 * are told apart by more than their colour), a tooltip on hover or with the arrow keys once the chart has
 * the focus (recharts' accessibility layer). Downloaded when first drawn (TimeSeriesChartPart.tsx).
 */
import { Chart, useChart } from '@chakra-ui/charts';
import { colorSwatchRecipe } from '@chakra-ui/react/theme';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { registerRecipes } from './theme';
import type { ChartRow, TimeSeriesChartProps } from './TimeSeriesChartPart';

// (the tooltip's and the legend's colour swatch, for a line drawn without its own sample)
registerRecipes({ recipes: { colorSwatch: colorSwatchRecipe } });

const DASH = '5 3';
/** Dots while the points are few enough to tell apart (a lone point draws no line). */
const DOTS_UP_TO = 30;

/** A palette's solid colour, as the theme's CSS variable. */
const solid = (palette: string) => `var(--chakra-colors-${palette}-solid)`;

function StrokeSample({ color, dashed }: { color: string; dashed?: boolean }) {
  return (
    <svg width="18" height="8" viewBox="0 0 18 8" aria-hidden="true" style={{ flex: 'none' }}>
      <line x1="0" y1="4" x2="18" y2="4" stroke={color} strokeWidth="2" strokeDasharray={dashed ? DASH : undefined} />
    </svg>
  );
}

export function TimeSeriesChart({ label, rows, lines, formatValue, formatTick, formatTime, axisAtLeast, height = '10rem', onOpen }: TimeSeriesChartProps) {
  const chart = useChart<ChartRow>({
    data: [...rows],
    series: lines.map((line) => ({
      name: line.key,
      label: line.label,
      color: `${line.palette}.solid`,
      strokeDasharray: line.dashed ? DASH : undefined,
      icon: <StrokeSample color={solid(line.palette)} dashed={line.dashed} />,
    })),
  });
  const dots = rows.length <= DOTS_UP_TO;
  // the legend and the tooltip list the lines in the order given, not by name
  const order = (dataKey: unknown) => lines.findIndex((line) => line.key === dataKey);
  return (
    <Chart.Root chart={chart} aspectRatio="auto" h={height} role="group" aria-label={label}>
      <LineChart
        data={chart.data}
        responsive
        accessibilityLayer
        margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
        style={onOpen ? { cursor: 'pointer' } : undefined}
        onClick={onOpen ? (state) => typeof state.activeLabel === 'string' && onOpen(state.activeLabel) : undefined}
      >
        <CartesianGrid stroke={chart.color('border')} vertical={false} />
        <XAxis dataKey="at" tickFormatter={formatTick} stroke={chart.color('border')} tickLine={false} minTickGap={24} />
        <YAxis
          tickFormatter={formatValue}
          stroke={chart.color('border')}
          axisLine={false}
          tickLine={false}
          width={56}
          allowDecimals
          domain={axisAtLeast === undefined ? undefined : [0, (dataMax: number) => Math.max(dataMax, axisAtLeast)]}
        />
        <Tooltip
          animationDuration={100}
          itemSorter={(item) => order(item.dataKey)}
          cursor={{ stroke: chart.color('border') }}
          content={<Chart.Tooltip labelFormatter={(at) => (typeof at === 'string' ? formatTime(at) : at)} formatter={(value: unknown) => (typeof value === 'number' ? formatValue(value) : '–')} />}
        />
        <Legend content={<Chart.Legend />} itemSorter={(item) => order(item.dataKey)} />
        {lines.map((line) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            name={line.key}
            stroke={solid(line.palette)}
            strokeWidth={2}
            strokeDasharray={line.dashed ? DASH : undefined}
            dot={dots ? { r: 2, strokeDasharray: '' } : false}
            activeDot={{ r: 4 }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Chart.Root>
  );
}
