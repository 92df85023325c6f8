import { kpiCreate, kpiUpdate } from '#domain/shapes.ts';
import type { kpis } from '#api/db/schema.ts';
import { EMPTY_KPI, kpiDraft, kpiPayload, nextPosition, type KpiDraft } from '#src/lib/form-conversions.ts';
import { CategoryField } from './CategoryField.tsx';
import { ColorField } from './ColorField.tsx';
import type { EntityConfig } from './EntityPanel.tsx';
import type { FieldsProps } from './EntityForm.tsx';
import { Field } from './Field.tsx';
import { IconField } from './IconField.tsx';
import { kpiIcon } from '#src/islands/kpi-icons.ts';
import { IconTile, Swatch } from './marks.tsx';

export type KpiItem = Omit<typeof kpis.$inferSelect, 'updatedAt'>;

function KpiFields({ draft, set, errors, items }: FieldsProps<KpiDraft> & { items: readonly KpiItem[] }) {
  return (
    <>
      <Field name="name" label="Name" required error={errors.name}>
        {(control) => <input {...control} className="field" value={draft.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="value" label="Value" required error={errors.value} hint="As shown on the card, e.g. 14 or $48.2k.">
        {(control) => <input {...control} className="field" value={draft.value} onChange={(e) => set('value', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="unit" label="Unit" error={errors.unit}>
        {(control) => <input {...control} className="field" value={draft.unit} onChange={(e) => set('unit', e.target.value)} autoComplete="off" />}
      </Field>
      <CategoryField name="category" value={draft.category} onChange={(value) => set('category', value)} error={errors.category} suggestions={items.map((kpi) => kpi.category)} />
      <IconField name="icon" value={draft.icon} color={draft.color} onChange={(value) => set('icon', value)} error={errors.icon} />
      <ColorField name="color" value={draft.color} onChange={(value) => set('color', value)} error={errors.color} />
      <Field name="change" label="Change" error={errors.change} hint="Optional caption, e.g. +3 this quarter.">
        {(control) => <input {...control} className="field" value={draft.change} onChange={(e) => set('change', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="sparklineInput" label="Sparkline" error={errors.sparklineData} hint="Comma-separated numbers, e.g. 3, 5, 8. Anything else is left out.">
        {(control) => <input {...control} className="field font-mono" value={draft.sparklineInput} onChange={(e) => set('sparklineInput', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="tooltip" label="Tooltip" error={errors.tooltip} className="sm:col-span-2">
        {(control) => <textarea {...control} className="field" rows={2} value={draft.tooltip} onChange={(e) => set('tooltip', e.target.value)} />}
      </Field>
      <Field name="position" label="Order" error={errors.position} hint="Place in the stats grid; lower numbers come first.">
        {(control) => (
          <input {...control} className="field" type="number" inputMode="numeric" min={0} step={1} value={draft.position} onChange={(e) => set('position', e.target.value)} />
        )}
      </Field>
    </>
  );
}

function KpiRow({ kpi }: { kpi: KpiItem }) {
  const { Icon } = kpiIcon(kpi.icon);
  return (
    <article aria-label={kpi.name} className="flex items-start gap-3">
      <IconTile icon={Icon} color={kpi.color} />
      <div className="min-w-0">
        <h3 className="font-semibold break-words">{kpi.name}</h3>
        <p className="font-mono text-lg font-bold">
          {kpi.value}
          {kpi.unit && <span className="ml-1 text-sm font-medium text-muted">{kpi.unit}</span>}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2 text-xs">
          <span className="chip">{kpi.category}</span>
          {kpi.change && <span className="text-muted">{kpi.change}</span>}
          <span className="inline-flex items-center gap-1 font-mono text-muted">
            <Swatch color={kpi.color} />
            {kpi.color}
          </span>
          {kpi.sparklineData && kpi.sparklineData.length > 0 && <span className="text-muted">{kpi.sparklineData.length} sparkline points</span>}
        </div>
      </div>
    </article>
  );
}

export const kpiConfig: EntityConfig<KpiItem, KpiDraft> = {
  key: 'kpis',
  noun: 'KPI',
  nounInSentence: 'KPI',
  endpoint: '/api/kpis',
  createShape: kpiCreate,
  updateShape: kpiUpdate,
  emptyDraft: (items) => ({ ...EMPTY_KPI, position: nextPosition(items) }),
  toDraft: kpiDraft,
  toPayload: kpiPayload,
  fields: (props) => <KpiFields {...props} />,
  row: (kpi) => <KpiRow kpi={kpi} />,
  itemName: (kpi) => kpi.name,
  createLabel: 'Create KPI',
  listHeading: 'KPIs',
  emptyList: 'No KPIs yet. Add the first one with the form.',
};
