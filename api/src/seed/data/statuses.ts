import type { StatusClass } from '@crm/shared/contract';

export type StatusSeed = { name: string; class: StatusClass; in_import: boolean; bg_color: string; text_color: string };

/** The statuses a fresh console starts with; staff edit them under settings › statuses. Each text is readable on its colour (WCAG AA, 4.5:1). */
export const statuses: readonly StatusSeed[] = [
  { name: 'New', class: 'lead', in_import: true, bg_color: '#0958d9', text_color: '#ffffff' },
  { name: 'Call back', class: 'lead', in_import: true, bg_color: '#faad14', text_color: '#000000' },
  { name: 'No answer', class: 'lead', in_import: true, bg_color: '#d9d9d9', text_color: '#000000' },
  { name: 'Interested', class: 'lead', in_import: true, bg_color: '#52c41a', text_color: '#000000' },
  { name: 'Not interested', class: 'lead', in_import: true, bg_color: '#434343', text_color: '#ffffff' },
  { name: 'Wrong number', class: 'lead', in_import: false, bg_color: '#ff7a45', text_color: '#000000' },
  { name: 'Deposited', class: 'lead', in_import: false, bg_color: '#237804', text_color: '#ffffff' },
  { name: 'Recycled', class: 'lead', in_import: false, bg_color: '#722ed1', text_color: '#ffffff' },
  { name: 'Valid', class: 'email', in_import: true, bg_color: '#52c41a', text_color: '#000000' },
  { name: 'Invalid', class: 'email', in_import: true, bg_color: '#cf1322', text_color: '#ffffff' },
  { name: 'Bounced', class: 'email', in_import: false, bg_color: '#fa8c16', text_color: '#000000' },
  { name: 'Valid', class: 'phone', in_import: true, bg_color: '#52c41a', text_color: '#000000' },
  { name: 'Invalid', class: 'phone', in_import: true, bg_color: '#cf1322', text_color: '#ffffff' },
  { name: 'Disconnected', class: 'phone', in_import: false, bg_color: '#595959', text_color: '#ffffff' },
];

/** Interface languages: English (default and fallback) and German, to prove switching. */
export const interfaceLocales = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
] as const;
