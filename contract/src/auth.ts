import { z } from 'zod';
import { ADMIN_ACCESS } from './account';
import { DATE_FORMATS, TIME_FORMATS, USER_TYPES } from './constants';
import { anyPassword, email, isoDate, newPassword, requiredText, safeString, userIdField } from './fields';
import { messages } from './messages';

export const registerBody = z
  .object({
    name: requiredText('Full Name', 100),
    email,
    password: newPassword,
    password_confirmation: z.string({ error: 'Confirm Password is required.' }).max(200),
    phone_number: requiredText('Phone Number', 30).regex(
      /^[+()\d\s.-]{5,30}$/,
      'Please enter a valid phone number.',
    ),
    username: requiredText('Username', 50).regex(
      /^[A-Za-z0-9._-]+$/,
      'Username may only contain letters, digits, dots, dashes and underscores.',
    ),
    date_of_birth: isoDate.refine(
      (d) => d <= new Date().toISOString().slice(0, 10) && d >= '1900-01-01',
      'Date of Birth must be a past date.',
    ),
    terms: z
      .union([z.boolean(), z.literal('true'), z.literal('1'), z.literal(1)], {
        error: messages.registration.termsRequired,
      })
      .refine((t) => t === true || t === 'true' || t === '1' || t === 1, messages.registration.termsRequired),
    company_name: safeString('Company name').trim().max(120).nullish(),
    time_zone: safeString('Time zone').trim().max(64).nullish(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    message: messages.registration.passwordsMismatch,
    path: ['password_confirmation'],
  });
export type RegisterBody = z.input<typeof registerBody>;

export const registerResponse = z.object({
  message: z.string(),
  user_id: z.number(),
  access_token: z.string(),
  user_type: z.enum(USER_TYPES),
  username: z.string(),
});

export const loginBody = z.object({ email, password: anyPassword });
export type LoginBody = z.input<typeof loginBody>;

export const loginResponse = z.object({
  message: z.string(),
  access_token: z.string(),
  user_type: z.enum(USER_TYPES),
  user_id: z.number(),
  employee_id: z.string().nullable(),
  emp_id: z.number().nullable(),
  username: z.string(),
  email: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const messageResponse = z.object({ message: z.string() });

export const forgotPasswordBody = z.object({ email });

export const passwordUpdateBody = z
  .object({
    email,
    password: newPassword,
    password_confirmation: z.string().max(200).optional(),
    token: requiredText('Token', 200),
    expires: z
      .union([z.number().int(), z.string().regex(/^\d{1,15}$/, 'Expires must be a number.')])
      .transform(Number),
    signature: requiredText('Signature', 200),
  })
  .refine((b) => b.password_confirmation === undefined || b.password === b.password_confirmation, {
    message: messages.passwords.resetMismatch,
    path: ['password_confirmation'],
  });
export type PasswordUpdateBody = z.input<typeof passwordUpdateBody>;

export const changePasswordBody = z
  .object({
    user_id: userIdField,
    current_password: anyPassword,
    new_password: newPassword,
    new_password_confirmation: z.string({ error: 'Confirm Password is required.' }).max(200),
  })
  .refine((b) => b.new_password === b.new_password_confirmation, {
    message: messages.passwords.newMismatch,
    path: ['new_password_confirmation'],
  });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const userIdBody = z.object({ user_id: userIdField }).partial();

export const userView = z.object({
  user_id: z.number(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  user_type: z.enum(USER_TYPES),
  qr_code_url: z.string().nullable(),
  profile_image_url: z.string().nullable(),
  company_name: z.string(),
  time_zone: z.string(),
  /** The account's Date Format and Time Format: how every screen of this login shows days and times. */
  date_format: z.enum(DATE_FORMATS),
  time_format: z.enum(TIME_FORMATS),
  /** The account's currency (ISO 4217): how every screen of this login shows money. */
  currency: z.string().optional(),
  /** For an employee login: their own permissions, so screens show only what the server will allow. */
  permissions: z.record(z.string(), z.boolean()).nullable().optional(),
  /** For an administrator: 'full', or 'departments' when they manage chosen departments only. */
  administrator_access: z.enum(ADMIN_ACCESS).nullable().optional(),
  /** For an employee login: the account settings that change punching from the website. */
  clock_settings: z
    .object({
      enable_gps_tracking: z.boolean(),
      require_location: z.boolean(),
      enable_covid_screening: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type UserView = z.infer<typeof userView>;
export const getUserResponse = z.object({ user: userView });

export const qrResponse = z.object({ message: z.string(), qr_code: z.string() });
export const profilePictureResponse = z.object({
  profile_picture_url: z.string().nullable(),
  profile_image_url: z.string().nullable(),
});
export const uploadProfileResponse = z.object({ message: z.string(), profile_image_url: z.string() });
export const healthResponse = z.object({ status: z.string(), database: z.string() });
