import { z } from 'zod';
import { emailField } from './auth-fields.ts';
import { PLAN_IDS } from './plans.ts';
import { PERMISSIONS, ROLES } from './roles.ts';
import { text } from './text-field.ts';
import { validationMessage } from './validation-messages.ts';

/**
 * Organizations, members and invitations under `<API_URL>/organizations` (issue 24, decision 033). The
 * organization is the customer: it owns projects, keys, usage, plan and billing; people are its members.
 * Portal requests name the organization they act on in `X-Organization` (`ORGANIZATION_HEADER` in
 * constants.ts); without it, the user's default.
 */
export const ORGANIZATION_NAME_MAX = 80;
/** An invitation link is valid this long. */
export const INVITATION_TTL_DAYS = 7;

const nameField = text()
  .trim()
  .min(1, validationMessage('organizationNameRequired'))
  .max(ORGANIZATION_NAME_MAX, validationMessage('organizationNameTooLong'));

export const roleField = z.enum(ROLES, { error: validationMessage('roleInvalid') });

export const organizationRequestSchema = z.object({ name: nameField });
export type OrganizationRequest = z.infer<typeof organizationRequestSchema>;

/**
 * PATCH /organizations/:id: a new name (`organization.update`) and/or whether every member must have an
 * authenticator app or a passkey (`organization.security`, Owners only; issue 25).
 */
export const updateOrganizationRequestSchema = z
  .object({ name: nameField.optional(), requireTwoFactor: z.boolean().optional() })
  .refine((body) => body.name !== undefined || body.requireTwoFactor !== undefined, {
    message: validationMessage('organizationNameRequired'),
    path: ['name'],
  });
export type UpdateOrganizationRequest = z.infer<typeof updateOrganizationRequestSchema>;

export const organizationIdParamsSchema = z.object({ id: z.uuid() });
export const memberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });
export const invitationParamsSchema = z.object({ id: z.uuid(), invitationId: z.uuid() });

export const organizationSchema = z.object({
  id: text(),
  name: text(),
  plan: z.enum(PLAN_IDS),
  /** The caller's role here, and what it allows (read from `ROLE_PERMISSIONS`). */
  role: z.enum(ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Members plus pending invitations, against the plan's seats (`null`: no limit). */
  seats: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
  /** The organization requests without `X-Organization` act on. */
  isDefault: z.boolean(),
  /** Every member must have an authenticator app or a passkey (issue 25). */
  requireTwoFactor: z.boolean(),
  createdAt: text(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationListSchema = z.object({ items: z.array(organizationSchema) });
export type OrganizationList = z.infer<typeof organizationListSchema>;

export const memberSchema = z.object({
  userId: text(),
  email: text(),
  firstName: text(),
  lastName: text(),
  role: z.enum(ROLES),
  joinedAt: text(),
  /** The member's last sign-in anywhere; null before the first. */
  lastSignInAt: text().nullable(),
  /** Has an authenticator app or a passkey (what `requireTwoFactor` asks for). */
  twoFactor: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.object({ items: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

export const updateMemberRequestSchema = z.object({ role: roleField });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const invitationRequestSchema = z.object({ email: emailField, role: roleField });
export type InvitationInput = z.input<typeof invitationRequestSchema>;
export type InvitationRequest = z.output<typeof invitationRequestSchema>;

export const invitationSchema = z.object({
  id: text(),
  email: text(),
  role: z.enum(ROLES),
  /** Who sent it, by name. */
  invitedBy: text(),
  createdAt: text(),
  expiresAt: text(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

/** The link's secret, from `/invitations/accept#token=…`. */
export const invitationTokenRequestSchema = z.object({ token: text().min(1).max(200) });
export type InvitationTokenRequest = z.infer<typeof invitationTokenRequestSchema>;

/** What the invitation page shows before anyone signs in: the invited address, never another. */
export const invitationPreviewSchema = z.object({
  organizationName: text(),
  email: text(),
  role: z.enum(ROLES),
  invitedBy: text(),
  expiresAt: text(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const invitationAcceptedSchema = z.object({ organizationId: text() });
