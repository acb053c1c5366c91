import { z } from 'zod';

/** Items of the `/all` option lists (docs/product.md#option-lists). */
export const userOption = z.object({ id: z.number().int(), name: z.string() });
export const namedOption = z.object({ id: z.number().int(), name: z.string() });
export const brokerOption = z.object({
  id: z.number().int(),
  name: z.string(),
  affiliate_companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type BrokerOption = z.infer<typeof brokerOption>;
export const brokerDepartmentOption = z.object({
  id: z.number().int(),
  branch_name: z.string(),
  broker_id: brokerOption,
});
export type BrokerDepartmentOption = z.infer<typeof brokerDepartmentOption>;
export const tagOption = z.object({ id: z.number().int(), name: z.string(), user_setting_id: z.number().int().nullable() });
export const statusClasses = ['lead', 'email', 'phone'] as const;
export type StatusClass = (typeof statusClasses)[number];
export const statusOption = z.object({
  id: z.number().int(),
  name: z.string(),
  class: z.enum(statusClasses),
  in_import: z.boolean(),
  bgColor: z.string(),
  textColor: z.string(),
});
export const countryOption = z.object({
  id: z.number().int(),
  name: z.string(),
  iso_3166_2: z.string(),
  calling_code: z.string().nullable(),
  flag: z.string(),
});
export const sentLeadStatusOption = z.object({ status: z.string() });
export const roleOption = z.object({ id: z.number().int(), name: z.string(), permissions: z.array(z.string()) });
