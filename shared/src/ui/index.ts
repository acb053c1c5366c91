export * from './antd.ts';
export * from './components/cells.tsx';
export * from './components/DataTable.tsx';
export * from './components/confirm.ts';
export * from './components/PermissionGate.tsx';
export * from './components/NotBuiltPanel.tsx';
export * from './standalone/StandaloneApp.tsx';
export * from './format/dates.ts';
