import { useEffect, useRef } from 'react';
import type { Chart as ChartType, Plugin } from 'chart.js';
import { GRAPHIC_CONTRAST, readableShade } from '#src/lib/color-contrast.ts';
import type { TrendItem } from '#src/lib/dashboard-types.ts';
import type { TrendAnnotation } from '#src/lib/trend-annotations.ts';
import { softFill } from '#src/lib/stat-card-colors.ts';
import { motionScale, prefersReducedMotion } from './motion.ts';
import { cssVariable, usePageLook } from './use-page-look.ts';

interface Props {
  trend: TrendItem;
  /** Timeline events to mark on the chart (none while the owner has them switched off). */
  annotations?: readonly TrendAnnotation[];
  /** The value whose events a button below the chart has focus or hover: its tooltip is shown. */
  highlight?: number | null;
}

const NO_ANNOTATIONS: readonly TrendAnnotation[] = [];

/**
 * One trend as a Chart.js line (tension 0.4, filled, no points until hovered), with a dashed marker at each
 * timeline event's month. The canvas is decorative for assistive technology: the card carries the same numbers
 * and events as a table, and the events as buttons that show their marker's tooltip. It resizes with its
 * container and redraws its colours when the theme or a colour scheme changes.
 */
export default function TrendChart({ trend, annotations = NO_ANNOTATIONS, highlight = null }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<ChartType<'line'> | null>(null);
  const annotationsRef = useRef(annotations);
  annotationsRef.current = annotations;
  const look = usePageLook();

  useEffect(() => {
    let cancelled = false;
    void import('./chart-setup.ts').then(({ Chart }) => {
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      chartRef.current = new Chart(canvas, {
        type: 'line',
        data: {
          labels: trend.labels,
          datasets: [
            {
              label: trend.name,
              data: trend.data,
              fill: true,
              tension: 0.4,
              borderWidth: 2,
              pointRadius: 0,
              pointHoverRadius: 4,
              backgroundColor: softFill(trend.color),
            },
          ],
        },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: chartAnimation(),
          interaction: { mode: 'index', intersect: false },
          plugins: {
            tooltip: {
              displayColors: false,
              callbacks: {
                label: (item) => `${item.formattedValue} ${trend.unit}`.trim(),
                // The events of that month, under its value.
                afterBody: (items) =>
                  annotationsRef.current.filter((a) => a.index === items[0]?.dataIndex).map((a) => `◆ ${a.title}`),
              },
            },
          },
          scales: {
            x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 8, font: { size: 11 } } },
            y: { ticks: { maxTicksLimit: 4, font: { size: 11 } }, border: { display: false } },
          },
        },
        plugins: [eventMarkers(annotationsRef)],
      });
      paint(chartRef.current, trend, canvas, annotationsRef.current);
    });
    return () => {
      cancelled = true;
      chartRef.current?.destroy();
      chartRef.current = null;
    };
  }, [trend]);

  useEffect(() => {
    const chart = chartRef.current;
    if (chart && canvasRef.current) paint(chart, trend, canvasRef.current, annotations);
  }, [look, trend, annotations]);

  // A focused or hovered event button shows its month's tooltip, as hovering the marker would.
  useEffect(() => {
    const chart = chartRef.current;
    if (!chart) return;
    const active = highlight === null || highlight >= trend.data.length ? [] : [{ datasetIndex: 0, index: highlight }];
    chart.setActiveElements(active);
    chart.tooltip?.setActiveElements(active, { x: 0, y: 0 });
    chart.update('none');
  }, [highlight, trend]);

  return (
    <div className="relative h-36 w-full">
      <canvas ref={canvasRef} aria-hidden="true" />
    </div>
  );
}

/**
 * A dashed vertical line and a diamond at the top for each event's month, in the muted ink (3:1 on the card);
 * read from a ref, so switching the events off or on redraws without building the chart again.
 */
function eventMarkers(annotations: { current: readonly TrendAnnotation[] }): Plugin<'line'> {
  return {
    id: 'eventMarkers',
    afterDatasetsDraw(chart) {
      const { ctx, chartArea, scales } = chart;
      const x = scales.x;
      if (!x || annotations.current.length === 0) return;
      const ink = cssVariable('--muted') || '#4a5568';
      ctx.save();
      ctx.strokeStyle = ink;
      ctx.fillStyle = ink;
      ctx.lineWidth = 1.5;
      ctx.setLineDash([4, 3]);
      for (const index of new Set(annotations.current.map((a) => a.index))) {
        const at = x.getPixelForValue(index);
        ctx.beginPath();
        ctx.moveTo(at, chartArea.top + 6);
        ctx.lineTo(at, chartArea.bottom);
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(at, chartArea.top);
        ctx.lineTo(at + 4, chartArea.top + 5);
        ctx.lineTo(at, chartArea.top + 10);
        ctx.lineTo(at - 4, chartArea.top + 5);
        ctx.closePath();
        ctx.fill();
      }
      ctx.restore();
    },
  };
}

/** Off with "Reduce motion" (the chart is drawn at once), twice as long with "Slow animations". */
function chartAnimation(): false | { duration: number } {
  return prefersReducedMotion() ? false : { duration: 800 * motionScale() };
}

/** Line at 3:1 on the card's surface; axis text in the muted ink; grid lines in the border colour. */
function paint(chart: ChartType<'line'>, trend: TrendItem, canvas: HTMLCanvasElement, annotations: readonly TrendAnnotation[]) {
  const card = canvas.closest('.card') ?? document.documentElement;
  const surface = getComputedStyle(card).backgroundColor;
  const muted = cssVariable('--muted') || '#4a5568';
  const border = cssVariable('--border') || '#d5dde8';
  const dataset = chart.data.datasets[0];
  if (dataset) dataset.borderColor = readableShade(trend.color, surface, GRAPHIC_CONTRAST);
  // The settings may change while the chart is shown (usePageLook follows <html>): so does its animation.
  chart.options.animation = chartAnimation();
  // Says on the page what the chart does (read by the per-switch accessibility test).
  canvas.dataset.animation = chart.options.animation === false ? 'off' : 'on';
  // And how many event markers it draws (read by the annotation journey).
  canvas.dataset.markers = String(new Set(annotations.map((a) => a.index)).size);
  const { x, y } = chart.options.scales ?? {};
  if (x?.ticks) x.ticks.color = muted;
  if (y?.ticks) y.ticks.color = muted;
  if (y?.grid) y.grid.color = border;
  if (x?.border) x.border.color = border;
  chart.update('none');
}
