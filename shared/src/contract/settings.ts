/** Request and response schemas of the settings resources, shared by the API and the screens. */
import { z } from 'zod';
import { languageCode } from './localizations.ts';
import { maxNameLength, maxTextLength, optionalText, recordId, requiredName as name, text } from './common.ts';
import { statusClasses } from './options.ts';

const storedColor = /^#[0-9a-fA-F]{6}$/;
/** A hex colour as written (#1677ff, or short: #fff), stored as #rrggbb in lower case. */
const color = z
  .string()
  .trim()
  .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'The colour must be a hex colour like #1677ff or #fff.')
  .transform((value) => (value.length === 4 ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}` : value).toLowerCase());
const timestamps = { created_at: z.string(), updated_at: z.string() };

/** Create and update bodies: strict (unknown fields are refused); update takes any subset. */
export function resourceBodies<Shape extends z.ZodRawShape>(shape: Shape) {
  const create = z.strictObject(shape);
  return { create, update: create.partial().refine((value) => Object.keys(value).length > 0, 'Nothing to update.') };
}

export const localeBodies = resourceBodies({ code: languageCode, name, is_active: z.boolean().optional() });
export const localeItem = z.object({ id: z.number().int(), code: z.string(), name: z.string(), is_active: z.boolean(), ...timestamps });

export const localizationBodies = resourceBodies({
  locale: languageCode,
  key: text()
    .trim()
    .min(1, 'The key field is required.')
    .max(maxNameLength)
    .regex(/^[\w.:-]+$/, 'The key may hold letters, digits, dots, dashes, colons and underscores.'),
  value: text().max(maxTextLength),
});
export const localizationItem = z.object({ id: z.number().int(), locale: z.string(), key: z.string(), value: z.string(), ...timestamps });

/** A status's colours when none are given: what the database stores and what a new status's form starts from. */
export const defaultStatusColors = { bg_color: '#d9d9d9', text_color: '#000000' } as const;

/** The WCAG contrast ratio of two #rrggbb colours, 1 (the same) to 21 (black on white); text wants 4.5 (AA). */
export function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string): number => {
    const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((start) => {
      const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
  };
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The contrast WCAG AA asks of normal-size text. */
export const readableContrast = 4.5;

/** Whether a value is a colour as statuses store them (#rrggbb). */
export const isHexColour = (value: unknown): value is string => typeof value === 'string' && storedColor.test(value);

export const statusBodies = resourceBodies({
  name,
  class: z.enum(statusClasses),
  in_import: z.boolean().optional(),
  bg_color: color.optional(),
  text_color: color.optional(),
});
export const statusItem = z.object({
  id: z.number().int(),
  name: z.string(),
  class: z.enum(statusClasses),
  in_import: z.boolean(),
  bg_color: z.string(),
  text_color: z.string(),
  ...timestamps,
});

export const countryBodies = resourceBodies({
  name,
  full_name: optionalText(maxNameLength),
  capital: optionalText(maxNameLength),
  citizenship: optionalText(maxNameLength),
  country_code: z.string().regex(/^\d{3}$/, 'The country code is the 3-digit ISO 3166 numeric code.'),
  currency: optionalText(maxNameLength),
  currency_code: z
    .string()
    .regex(/^[A-Z]{3}$/, 'The currency code has 3 capital letters.')
    .nullable()
    .optional(),
  currency_sub_unit: optionalText(maxNameLength),
  currency_symbol: optionalText(16),
  currency_decimals: z.number().int().min(0).max(4).nullable().optional(),
  iso_3166_2: z.string().regex(/^[A-Z]{2}$/, 'The ISO 3166 alpha-2 code has 2 capital letters.'),
  iso_3166_3: z.string().regex(/^[A-Z]{3}$/, 'The ISO 3166 alpha-3 code has 3 capital letters.'),
  region_code: z
    .string()
    .regex(/^\d{3}$/)
    .nullable()
    .optional(),
  sub_region_code: z
    .string()
    .regex(/^\d{3}$/)
    .nullable()
    .optional(),
  eea: z.boolean().optional(),
  calling_code: z
    .string()
    .regex(/^\d{1,4}$/, 'The calling code has 1 to 4 digits.')
    .nullable()
    .optional(),
  flag: text().trim().min(1).max(16),
});
export const countryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  full_name: z.string().nullable(),
  capital: z.string().nullable(),
  citizenship: z.string().nullable(),
  country_code: z.string(),
  currency: z.string().nullable(),
  currency_code: z.string().nullable(),
  currency_sub_unit: z.string().nullable(),
  currency_symbol: z.string().nullable(),
  currency_decimals: z.number().int().nullable(),
  iso_3166_2: z.string(),
  iso_3166_3: z.string(),
  region_code: z.string().nullable(),
  sub_region_code: z.string().nullable(),
  eea: z.boolean(),
  calling_code: z.string().nullable(),
  flag: z.string(),
  ...timestamps,
});

export const languageBodies = resourceBodies({ code: languageCode, name, native_name: name });
export const languageItem = z.object({ id: z.number().int(), code: z.string(), name: z.string(), native_name: z.string(), ...timestamps });

const reference = recordId.nullable().optional();
export const tagBodies = resourceBodies({ name, user_setting_id: reference });
export const tagItem = z.object({ id: z.number().int(), name: z.string(), user_setting_id: z.number().int().nullable(), ...timestamps });

export const sourceBodies = resourceBodies({ name, affiliate_company_id: reference });
export const sourceItem = z.object({ id: z.number().int(), name: z.string(), affiliate_company_id: z.number().int().nullable(), ...timestamps });

export const affiliateCompanyBodies = resourceBodies({ name });
export const affiliateCompanyItem = z.object({ id: z.number().int(), name: z.string(), ...timestamps });
