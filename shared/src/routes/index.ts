export * from './routeTable.ts';
export * from './routeUrl.ts';
