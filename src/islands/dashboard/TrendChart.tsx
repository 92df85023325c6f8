import { useEffect, useRef } from 'react';
import type { Chart as ChartType } from 'chart.js';
import { GRAPHIC_CONTRAST, readableShade } from '#src/lib/color-contrast.ts';
import type { TrendItem } from '#src/lib/dashboard-types.ts';
import { softFill } from '#src/lib/stat-card-colors.ts';
import { motionScale, prefersReducedMotion } from './motion.ts';
import { cssVariable, usePageLook } from './use-page-look.ts';

/**
 * One trend as a Chart.js line (tension 0.4, filled, no points until hovered). The canvas is decorative for
 * assistive technology: the card carries the same numbers as a table. It resizes with its container and
 * redraws its colours when the theme or a colour scheme changes.
 */
export default function TrendChart({ trend }: { trend: TrendItem }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const chartRef = useRef<ChartType<'line'> | null>(null);
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
              callbacks: { label: (item) => `${item.formattedValue} ${trend.unit}`.trim() },
            },
          },
          scales: {
            x: { grid: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 8, font: { size: 11 } } },
            y: { ticks: { maxTicksLimit: 4, font: { size: 11 } }, border: { display: false } },
          },
        },
      });
      paint(chartRef.current, trend, canvas);
    });
    return () => {
      cancelled = true;
      chartRef.current?.destroy();
      chartRef.current = null;
    };
  }, [trend]);

  useEffect(() => {
    const chart = chartRef.current;
    if (chart && canvasRef.current) paint(chart, trend, canvasRef.current);
  }, [look, trend]);

  return (
    <div className="relative h-36 w-full">
      <canvas ref={canvasRef} aria-hidden="true" />
    </div>
  );
}

/** Off with "Reduce motion" (the chart is drawn at once), twice as long with "Slow animations". */
function chartAnimation(): false | { duration: number } {
  return prefersReducedMotion() ? false : { duration: 800 * motionScale() };
}

/** Line at 3:1 on the card's surface; axis text in the muted ink; grid lines in the border colour. */
function paint(chart: ChartType<'line'>, trend: TrendItem, canvas: HTMLCanvasElement) {
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
  const { x, y } = chart.options.scales ?? {};
  if (x?.ticks) x.ticks.color = muted;
  if (y?.ticks) y.ticks.color = muted;
  if (y?.grid) y.grid.color = border;
  if (x?.border) x.border.color = border;
  chart.update('none');
}
