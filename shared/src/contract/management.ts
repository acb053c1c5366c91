/**
 * Users, roles and permissions (management) and the profile's own changes: request and response schemas
 * shared by the API and mfe-management.
 */
import { z } from 'zod';
import { maxNameLength, recordId as reference, requiredName as name, text } from './common.ts';
import { languageCode } from './localizations.ts';
import { permissionCatalogue, permissionGroups, type Permission } from './permissions.ts';

const email = text().trim().toLowerCase().min(1, 'The email field is required.').max(maxNameLength).pipe(z.email('The email must be a valid email address.'));
const timestamps = { created_at: z.string(), updated_at: z.string() };

export const minPasswordLength = 10;

/** Password strength: long enough, letters and digits, not one repeated character. */
export const password = text()
  .min(minPasswordLength, `The password must be at least ${minPasswordLength} characters.`)
  .max(128, 'The password may not be longer than 128 characters.')
  .refine((value) => /\p{L}/u.test(value) && /\d/.test(value), 'The password must contain at least one letter and one number.')
  .refine((value) => new Set(value).size > 3, 'The password is too simple.');

const permissionNames = permissionCatalogue.map((entry) => entry.name) as [Permission, ...Permission[]];
export const permissionName = z.enum(permissionNames, { error: 'The permission is unknown.' });

// Users

export const userCreateBody = z.strictObject({
  name,
  email,
  password,
  locale: languageCode.optional(),
  is_sender: z.boolean().optional(),
  roles: z.array(reference).max(100).default([]),
});
export const userUpdateBody = userCreateBody
  .partial()
  .extend({ password: password.optional(), roles: z.array(reference).max(100).optional() })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type UserCreateBody = z.input<typeof userCreateBody>;
export type UserUpdateBody = z.input<typeof userUpdateBody>;

export const roleSummary = z.object({ id: z.number().int(), name: z.string() });

export const userItem = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  locale: z.string(),
  is_sender: z.boolean(),
  roles: z.array(roleSummary),
  ...timestamps,
});
export type UserItem = z.infer<typeof userItem>;

// Roles

export const roleCreateBody = z.strictObject({
  name,
  guard_name: text()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{0,63}$/, 'The guard name is lower-case letters, digits, dashes and underscores.')
    .default('web'),
  permissions: z.array(permissionName).max(permissionNames.length).default([]),
});
export const roleUpdateBody = roleCreateBody
  .partial()
  .extend({ guard_name: roleCreateBody.shape.guard_name.unwrap().optional(), permissions: z.array(permissionName).max(permissionNames.length).optional() })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type RoleCreateBody = z.input<typeof roleCreateBody>;
export type RoleUpdateBody = z.input<typeof roleUpdateBody>;

export const roleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  guard_name: z.string(),
  permissions: z.array(z.string()),
  users_count: z.number().int(),
  ...timestamps,
});
export type RoleItem = z.infer<typeof roleItem>;

// Permissions

export const permissionItem = z.object({
  id: z.number().int(),
  name: z.string(),
  guard_name: z.string(),
  group: z.enum(permissionGroups),
  roles_count: z.number().int(),
});
export type PermissionItem = z.infer<typeof permissionItem>;

/** One row of the role-has-permissions view: a role and one permission it holds. */
export const roleHasPermissionItem = z.object({
  role_id: z.number().int(),
  role_name: z.string(),
  permission_id: z.number().int(),
  permission_name: z.string(),
  group: z.enum(permissionGroups),
});
export type RoleHasPermissionItem = z.infer<typeof roleHasPermissionItem>;

// The profile's own changes

export const profileUpdateBody = z
  .strictObject({ name: name.optional(), email: email.optional(), locale: languageCode.optional() })
  .refine((value) => Object.keys(value).length > 0, 'Nothing to update.');
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

export const passwordChangeBody = z
  .strictObject({
    current_password: text().min(1, 'The current password field is required.').max(1024),
    password,
    password_confirmation: text().max(1024),
  })
  .refine((value) => value.password === value.password_confirmation, { path: ['password_confirmation'], message: 'The password confirmation does not match.' })
  .refine((value) => value.password !== value.current_password, { path: ['password'], message: 'The new password must differ from the current one.' });
export type PasswordChangeBody = z.input<typeof passwordChangeBody>;
