/**
 * The reports' charts (docs/reports.md, decision record 022): SVG drawn on the server with visx's
 * scales, axes and shapes, so a chart is in the page's HTML before any script runs, and is the
 * same picture once hydrated (nothing is measured in the browser). Each chart is drawn twice, a
 * wide one for a desk and a narrow one with fewer labels for a phone, and CSS shows one; text stays
 * readable at 390 px because the narrow one is drawn at about that width. A chart is an image
 * (role="img" with a title and a description); the table beside it is the accessible source of the
 * same figures.
 */
import { AxisBottom, AxisLeft } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';

/** A value in pence as a short axis label: £0, £850, £1.2k, £15k, £1.3m. */
export function shortPounds(pence: number): string {
  const pounds = pence / 100;
  const abs = Math.abs(pounds);
  if (abs >= 1_000_000) return `£${trim(pounds / 1_000_000)}m`;
  if (abs >= 1_000) return `£${trim(pounds / 1_000)}k`;
  return `£${trim(pounds)}`;
}

/** A count as a short axis label: 950, 1.2k, 15k, 1.3m. */
export function shortCount(count: number): string {
  const abs = Math.abs(count);
  if (abs >= 1_000_000) return `${trim(count / 1_000_000)}m`;
  if (abs >= 1_000) return `${trim(count / 1_000)}k`;
  return trim(count);
}

function trim(value: number): string {
  return value >= 100 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1).replace(/\.0$/, '');
}

const SIZES = {
  wide: { width: 880, height: 320, font: 12, xLabels: 14, yTicks: 6 },
  narrow: { width: 360, height: 280, font: 13, xLabels: 4, yTicks: 4 },
} as const;
type Size = keyof typeof SIZES;

const TICK_LABEL = (font: number) => ({ fontSize: font, fill: '#44403c', fontFamily: 'inherit' });
const AXIS_LABEL = (font: number) => ({ fontSize: font, fill: '#292524', fontFamily: 'inherit', fontWeight: 600 });

/** The frame both charts share: a figure holding the wide and the narrow drawing, and a caption (the legend). */
function ChartFigure({ testId, legend, children }: { testId: string; legend?: React.ReactNode; children: (size: Size) => React.ReactNode }) {
  return (
    <figure className="card p-3 sm:p-4" data-testid={testId}>
      <div className="hidden sm:block">{children('wide')}</div>
      <div className="sm:hidden">{children('narrow')}</div>
      {legend ? <figcaption className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-stone-700">{legend}</figcaption> : null}
    </figure>
  );
}

function Svg({ id, size, height = SIZES[size].height, title, description, children }: { id: string; size: Size; height?: number; title: string; description: string; children: React.ReactNode }) {
  const { width } = SIZES[size];
  const titleId = `${id}-${size}-title`;
  const descId = `${id}-${size}-desc`;
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-labelledby={titleId} aria-describedby={descId} className="block h-auto max-w-full" data-testid="report-chart-svg">
      <title id={titleId}>{title}</title>
      <desc id={descId}>{description}</desc>
      {children}
    </svg>
  );
}

export interface TrendPoint {
  /** The period's label on the axis ("24 Nov", "Nov 2026"). */
  label: string;
  current: number;
  lastYear: number;
}

/**
 * A trend: a bar per period (this range) and a line of the same periods a year before. The y axis
 * is in pounds; every n-th period is labelled so the labels never collide.
 */
export function TrendChart({
  id,
  title,
  description,
  points,
  xLabel,
  yLabel,
  currentLabel,
  lastYearLabel,
  format = shortPounds,
}: {
  id: string;
  title: string;
  description: string;
  points: readonly TrendPoint[];
  xLabel: string;
  yLabel: string;
  currentLabel: string;
  lastYearLabel: string;
  format?: (value: number) => string;
}) {
  const legend = (
    <>
      <span className="flex items-center gap-1.5">
        <span className="inline-block h-3 w-3 rounded-sm bg-brand-500" aria-hidden="true" />
        {currentLabel}
      </span>
      <span className="flex items-center gap-1.5">
        <span className="inline-block h-0.5 w-4 bg-amber-600" aria-hidden="true" />
        {lastYearLabel}
      </span>
    </>
  );
  return (
    <ChartFigure testId={`${id}-chart`} legend={legend}>
      {(size) => {
        const { width, height, font, xLabels, yTicks } = SIZES[size];
        const margin = { top: 12, right: 16, bottom: 56, left: size === 'wide' ? 68 : 58 };
        const innerWidth = width - margin.left - margin.right;
        const innerHeight = height - margin.top - margin.bottom;
        const keys = points.map((_, i) => String(i));
        const x = scaleBand<string>({ domain: keys, range: [0, innerWidth], padding: points.length > 60 ? 0.1 : 0.25 });
        const top = Math.max(1, ...points.map((p) => Math.max(p.current, p.lastYear)));
        const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], nice: true });
        const every = Math.max(1, Math.ceil(points.length / xLabels));
        const shown = keys.filter((_, i) => i % every === 0);
        const centre = (key: string) => (x(key) ?? 0) + x.bandwidth() / 2;
        return (
          <Svg id={id} size={size} title={title} description={description}>
            <Group left={margin.left} top={margin.top}>
              <GridRows scale={y} width={innerWidth} numTicks={yTicks} stroke="#e7e5e4" />
              {points.map((point, i) => (
                <Bar key={i} x={x(String(i))} y={y(point.current)} width={x.bandwidth()} height={innerHeight - y(point.current)} className="fill-brand-500" />
              ))}
              <LinePath data={points.map((p, i) => [centre(String(i)), y(p.lastYear)] as const)} x={(d) => d[0]} y={(d) => d[1]} stroke="#d97706" strokeWidth={2} />
              <AxisLeft scale={y} numTicks={yTicks} tickFormat={(v) => format(Number(v))} tickLabelProps={TICK_LABEL(font)} label={yLabel} labelProps={AXIS_LABEL(font)} labelOffset={size === 'wide' ? 46 : 40} stroke="#a8a29e" tickStroke="#a8a29e" />
              <AxisBottom
                top={innerHeight}
                scale={x}
                tickValues={shown}
                tickFormat={(key) => points[Number(key)]?.label ?? ''}
                tickLabelProps={TICK_LABEL(font)}
                label={xLabel}
                labelProps={AXIS_LABEL(font)}
                labelOffset={14}
                stroke="#a8a29e"
                tickStroke="#a8a29e"
              />
            </Group>
          </Svg>
        );
      }}
    </ChartFigure>
  );
}

export interface BarItem {
  label: string;
  value: number;
}

/**
 * Ranked bars, largest first (best sellers, categories, customers): wide, the names at the left of
 * their bars; narrow, each name above its bar. The x axis is in the values' unit.
 */
export function RankChart({ id, title, description, items, xLabel, format }: { id: string; title: string; description: string; items: readonly BarItem[]; xLabel: string; format: (value: number) => string }) {
  return (
    <ChartFigure testId={`${id}-chart`}>
      {(size) => {
        const { width, font } = SIZES[size];
        const wide = size === 'wide';
        const row = wide ? 26 : 44;
        const margin = { top: 8, right: 56, bottom: 56, left: wide ? 250 : 8 };
        const innerWidth = width - margin.left - margin.right;
        const innerHeight = Math.max(row, items.length * row);
        const height = innerHeight + margin.top + margin.bottom;
        const top = Math.max(1, ...items.map((item) => item.value));
        const x = scaleLinear<number>({ domain: [0, top], range: [0, innerWidth], nice: true });
        const barHeight = wide ? 16 : 14;
        const maxChars = wide ? 38 : 44;
        const short = (label: string) => (label.length > maxChars ? `${label.slice(0, maxChars - 1)}…` : label);
        return (
          <Svg id={id} size={size} height={height} title={title} description={description}>
            <Group left={margin.left} top={margin.top}>
              <GridColumns scale={x} height={innerHeight} numTicks={wide ? 6 : 3} stroke="#e7e5e4" />
              {items.map((item, i) => {
                const barY = wide ? i * row + (row - barHeight) / 2 : i * row + 20;
                return (
                  <g key={i}>
                    <text x={wide ? -8 : 0} y={wide ? barY + barHeight / 2 : i * row + 12} dy={wide ? '0.35em' : 0} textAnchor={wide ? 'end' : 'start'} fontSize={font} fill="#292524">
                      {short(item.label)}
                    </text>
                    <Bar x={0} y={barY} width={Math.max(1, x(item.value))} height={barHeight} className="fill-brand-500" />
                    <text x={x(item.value) + 4} y={barY + barHeight / 2} dy="0.35em" fontSize={font} fill="#44403c">
                      {format(item.value)}
                    </text>
                  </g>
                );
              })}
              <AxisBottom top={innerHeight} scale={x} numTicks={wide ? 6 : 3} tickFormat={(v) => format(Number(v))} tickLabelProps={TICK_LABEL(font)} label={xLabel} labelProps={AXIS_LABEL(font)} labelOffset={14} stroke="#a8a29e" tickStroke="#a8a29e" />
            </Group>
          </Svg>
        );
      }}
    </ChartFigure>
  );
}
