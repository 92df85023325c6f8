import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StatItem } from '#src/lib/dashboard-types.ts';
import StatsGrid from './StatsGrid.tsx';

const stat = (overrides: Partial<StatItem> = {}): StatItem => ({
  id: 1,
  name: 'Projects Shipped',
  value: '14',
  color: '#6fffe9',
  icon: 'Package',
  change: '+3 this quarter',
  sparklineData: [1, 2, 3],
  tooltip: 'Released since January.',
  ...overrides,
});

const render = (initial?: StatItem[]) => renderToString(createElement(StatsGrid, { initial }));
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('the stats grid', () => {
  it('shows 8 pulsing skeleton cards while its data is in flight', () => {
    const html = render(undefined);
    expect(count(html, 'data-skeleton="stat"')).toBe(8);
    expect(html).toContain('class="skeleton');
    expect(html).toContain('Loading stats');
    expect(count(html, 'data-stat-card=')).toBe(0);
  });

  it('renders nothing at all when there are no stats', () => {
    expect(render([])).toBe('');
  });

  it('renders one card per stat with its icon, name, value, change and sparkline, in order', () => {
    const html = render([stat(), stat({ id: 2, name: 'AI Experiments', value: '27', icon: 'Bot', change: null, sparklineData: null })]);
    expect(count(html, 'data-stat-card=')).toBe(2);
    expect(html.indexOf('Projects Shipped')).toBeLessThan(html.indexOf('AI Experiments'));
    expect(html).toContain('>14</p>');
    expect(html).toContain('+3 this quarter');
    expect(count(html, 'class="stat-sparkline')).toBe(1);
    expect(html).toContain('data-icon="Bot"');
    expect(html).toContain('lucide-bot');
    expect(count(html, 'data-skeleton')).toBe(0);
  });

  it('draws an unknown icon name as Package', () => {
    const html = render([stat({ icon: 'Nope' })]);
    expect(html).toContain('data-icon="Package"');
    expect(html).toContain('lucide-package');
  });

  it('makes only cards with a tooltip focusable, and staggers cards by position', () => {
    const html = render([stat(), stat({ id: 2, tooltip: null }), stat({ id: 3, tooltip: '  ' })]);
    expect(count(html, 'tabindex="0"')).toBe(1);
    expect(html).toContain('--i:0');
    expect(html).toContain('--i:2');
  });
});
