import { beforeAll, describe, expect, it } from 'vitest';
import { getJson } from '../support/http.ts';
import { ownerCall } from '../support/owner-api.ts';
import { sessionCookie } from '../support/sign-in.ts';

/** SPEC's API table: POST /api/kpis takes name, value, unit, icon, color, change, sparklineData, tooltip, category. */
let admin = '';
beforeAll(async () => {
  admin = await sessionCookie('admin');
});

interface Kpi {
  id: number;
  name: string;
  position: number;
}

describe('POST /api/kpis with exactly SPEC body', () => {
  it('creates the KPI (201) at the end of the list, after every KPI already there', async () => {
    const name = 'Spec body';
    const body = {
      name,
      value: '42',
      unit: 'h',
      icon: 'Clock',
      color: '#6fffe9',
      change: '+3 this week',
      sparklineData: [1, 2, 3],
      tooltip: 'Hours of deep work',
      category: 'time',
    };
    const before = await getJson<Kpi[]>('/api/kpis', admin);
    const response = await ownerCall(admin, 'POST', '/api/kpis', body);
    expect(response.status, await response.clone().text()).toBe(201);
    const created = (await response.json()) as Kpi & typeof body;
    expect(created).toMatchObject(body);

    // Ours comes after every KPI that was there before it: the list is the old one with it at the end.
    expect(created.position).toBeGreaterThan(Math.max(-1, ...before.map((kpi) => kpi.position)));
    const list = await getJson<Kpi[]>('/api/kpis', admin);
    expect(list.map((kpi) => kpi.id)).toEqual([...before.map((kpi) => kpi.id), created.id]);

    // An explicit position is still honoured.
    const placed = await ownerCall(admin, 'POST', '/api/kpis', { ...body, name: `${name} first`, position: 0 });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as Kpi).position).toBe(0);
  });
});
