import { z } from 'zod';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/** Projects group an account's keys (the Projects screen) under `<API_URL>/projects`, behind the Bearer token. */
export const PROJECT_NAME_MAX = 80;
export const PROJECT_DESCRIPTION_MAX = 500;

const nameField = text()
  .trim()
  .min(1, validationMessage('projectNameRequired'))
  .max(PROJECT_NAME_MAX, validationMessage('projectNameTooLong'));

const descriptionField = text()
  .trim()
  .max(PROJECT_DESCRIPTION_MAX, validationMessage('projectDescriptionTooLong'));

export const createProjectRequestSchema = z.object({
  name: nameField,
  description: descriptionField.default(''),
});
export type CreateProjectInput = z.input<typeof createProjectRequestSchema>;
export type CreateProjectRequest = z.output<typeof createProjectRequestSchema>;

/** PATCH /projects/:id: only the fields sent change. */
export const updateProjectRequestSchema = z.object({
  name: nameField.optional(),
  description: descriptionField.optional(),
});
export type UpdateProjectRequest = z.infer<typeof updateProjectRequestSchema>;

export const projectIdParamsSchema = z.object({ id: z.uuid() });

export const projectSchema = z.object({
  id: text(),
  name: text(),
  description: text(),
  /** Keys in the project; a project with keys cannot be deleted. */
  keyCount: z.number().int(),
  createdAt: text(),
  updatedAt: text(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = z.object({
  items: z.array(projectSchema),
  /** The plan's limit on the number of projects. */
  maxProjects: z.number().int(),
});
export type ProjectList = z.infer<typeof projectListSchema>;
