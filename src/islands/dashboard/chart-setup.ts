import { CategoryScale, Chart, Filler, LineController, LineElement, LinearScale, PointElement, Tooltip } from 'chart.js';

/**
 * Chart.js with only what the trend cards draw: a filled line on a category × linear grid, with a hover
 * tooltip. No legend, no other chart types. Imported on demand, so it loads only when trends are near.
 */
Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Filler, Tooltip);

export { Chart };
