import { useId } from 'react';
import { projectCreate, projectUpdate } from '#domain/shapes.ts';
import type { Project } from '#api/services/projects.ts';
import { EMPTY_PROJECT, projectDraft, projectPayload, type ProjectDraft } from '#src/lib/form-conversions.ts';
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '#domain/vocabulary.ts';
import { categoryLabel, statusInfo } from '#src/lib/project-display.ts';
import type { EntityConfig } from './EntityPanel.tsx';
import { Field } from './Field.tsx';
import { Bar, StatusDot } from './marks.tsx';
import type { FieldsProps } from './EntityForm.tsx';

/** A project as the admin list holds it (the server's row; dates arrive as JSON strings). */
export type ProjectItem = Omit<Project, 'createdAt'>;

const STATUSES: readonly string[] = PROJECT_STATUSES;

/** The project form's fields, shared by the add form, the edit rows and the bulk-import rows. */
export function ProjectFields({ draft, set, errors, hints = true }: FieldsProps<ProjectDraft> & { hints?: boolean }) {
  const hint = (text: string) => (hints ? text : undefined);
  const listId = useId();
  const statuses = STATUSES.includes(draft.status) ? STATUSES : [...STATUSES, draft.status];
  return (
    <>
      <Field name="name" label="Name" required error={errors.name} className="sm:col-span-2">
        {(control) => <input {...control} className="field" value={draft.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="description" label="Description" error={errors.description} className="sm:col-span-2">
        {(control) => <textarea {...control} className="field" rows={hints ? 3 : 2} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      <Field name="category" label="Category" required error={errors.category} hint={hint('Pick one or type your own.')}>
        {(control) => (
          <>
            <input {...control} className="field" list={listId} value={draft.category} onChange={(e) => set('category', e.target.value)} autoComplete="off" />
            <datalist id={listId}>
              {PROJECT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {categoryLabel(category)}
                </option>
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field name="status" label="Status" error={errors.status}>
        {(control) => (
          <select {...control} className="field" value={draft.status} onChange={(e) => set('status', e.target.value)}>
            {statuses.map((status) => (
              <option key={status} value={status}>
                {statusInfo(status).label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field name="progress" label="Progress" error={errors.progress} hint={hint('Percent complete, 0 to 100.')}>
        {(control) => (
          <input {...control} className="field" type="number" inputMode="numeric" min={0} max={100} step={1} value={draft.progress} onChange={(e) => set('progress', e.target.value)} />
        )}
      </Field>
      <Field name="technologiesInput" label="Technologies" error={errors.technologies} hint={hint('Comma-separated, e.g. React, TypeScript.')}>
        {(control) => <input {...control} className="field" value={draft.technologiesInput} onChange={(e) => set('technologiesInput', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="tagsInput" label="Tags" error={errors.tags} hint={hint('Comma-separated, e.g. accessibility, open-source.')} className="sm:col-span-2">
        {(control) => <input {...control} className="field" value={draft.tagsInput} onChange={(e) => set('tagsInput', e.target.value)} autoComplete="off" />}
      </Field>
      <Field name="startDate" label="Start date" error={errors.startDate}>
        {(control) => <input {...control} className="field" type="date" value={draft.startDate} onChange={(e) => set('startDate', e.target.value)} />}
      </Field>
      <Field name="endDate" label="End date" error={errors.endDate}>
        {(control) => <input {...control} className="field" type="date" value={draft.endDate} onChange={(e) => set('endDate', e.target.value)} />}
      </Field>
    </>
  );
}

function ProjectRow({ project }: { project: ProjectItem }) {
  const status = statusInfo(project.status);
  return (
    <article aria-label={project.name}>
      <h3 className="font-semibold break-words">{project.name}</h3>
      {project.description && <p className="mt-1 line-clamp-2 text-sm text-muted">{project.description}</p>}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-xs">
        <span className="inline-flex items-center gap-1.5 font-medium" data-status={project.status}>
          <StatusDot status={project.status} />
          {status.label}
        </span>
        <span className="inline-flex items-center gap-2">
          <Bar value={project.progress} />
          <span className="font-mono">{project.progress}%</span>
        </span>
        <span className="chip">{categoryLabel(project.category)}</span>
      </div>
    </article>
  );
}

export const projectConfig: EntityConfig<ProjectItem, ProjectDraft> = {
  key: 'projects',
  noun: 'Project',
  nounInSentence: 'project',
  endpoint: '/api/projects',
  createShape: projectCreate,
  updateShape: projectUpdate,
  emptyDraft: () => EMPTY_PROJECT,
  toDraft: projectDraft,
  toPayload: projectPayload,
  fields: (props) => <ProjectFields {...props} />,
  row: (project) => <ProjectRow project={project} />,
  itemName: (project) => project.name,
  createLabel: 'Create Project',
  listHeading: 'Projects',
  emptyList: 'No projects yet. Add the first one with the form.',
};
