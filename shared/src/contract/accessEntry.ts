/** `@crm/shared/access`: the permission catalogue and access rule without the zod schemas, for the browser. */
export * from './permissions.ts';
export * from './access.ts';
