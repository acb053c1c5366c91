export * from './permissions.ts';
export * from './access.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './notifications.ts';
export * from './jobs.ts';
export * from './options.ts';
export * from './localizations.ts';
