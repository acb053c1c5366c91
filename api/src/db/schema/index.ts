export * from './auth.ts';
export * from './system.ts';
export * from './reference.ts';
export * from './brokers.ts';
export * from './leads.ts';
export * from './imports.ts';
export * from './affiliates.ts';
export * from './affiliatePostbacks.ts';
