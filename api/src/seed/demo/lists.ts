/** Built-in value lists: what the demo leads are filled with, and the names of the demo reference rows. */
import type { BlacklistType, ExportableLeadColumn } from '@crm/shared/contract';

export const words = (list: string): readonly string[] => list.split(' ');

export const day = 86_400_000;
export const emailDomains = words('example.com example.net example.org mail.example.com inbox.example.net post.example.org');
export const funnels = words('crypto-quiz gold-invest ai-trader forex-academy retire-smart oil-profits bitcoin-code green-energy-fund');
export const productNames = ['Quantum Ledger', 'Gold Horizon', 'Atlas Trade Pro', 'Nova Crypto Club', 'Prime Yield Plan'];
export const purchaseSites = words('goldhorizon.example atlastrade.example novacrypto.example primeyield.example');
export const cardTypes = ['Visa', 'Mastercard', 'American Express', 'Maestro'];
export const brokerStatuses = ['New', 'No Answer', 'Call Back', 'Not Interested', 'Wrong Number', 'In Progress', 'Voicemail'];
export const ftdStatus = 'Deposited';
/** What failed sends report, picked per lead on the server. */
export const failureStatuses = ['Duplicate', 'Invalid country', 'Timeout', 'Invalid phone', 'Daily cap reached'];

export const affiliateCompanyNames = ['Northwind Media', 'Bluefin Affiliates', 'Crestline Partners', 'Orbit Leads', 'Lumen Traffic', 'Silverline Digital'];
/** Sources; the index points into affiliateCompanyNames, null for sources run in-house. */
export const sourceSeeds: readonly { name: string; company: number | null }[] = [
  { name: 'Facebook EU', company: 0 },
  { name: 'Google Ads DE', company: 1 },
  { name: 'TikTok LATAM', company: 2 },
  { name: 'Taboola Native', company: 3 },
  { name: 'Outbrain UK', company: 4 },
  { name: 'YouTube Pre-roll', company: 5 },
  { name: 'Email Newsletter', company: null },
  { name: 'Organic SEO', company: null },
  { name: 'Push Notifications', company: 0 },
  { name: 'Call Center Import', company: null },
];
/** An export setting offered to everyone (it names no users), so the demo's Export works from the first sign-in. */
export const demoExportSetting = {
  name: 'Contact sheet',
  columns: ['lead_id', 'name', 'surname', 'email', 'phone', 'country', 'language', 'source', 'status', 'tags', 'last_department', 'created_at'],
} as const satisfies { name: string; columns: readonly ExportableLeadColumn[] };

/** The demo's black list: a disposable-mail domain (its failed leads were refused for it) and a documentation network. */
export const demoBlacklistedDomain = 'spam.example';
export const demoBlacklist = [
  { type: 'email_domain', value: demoBlacklistedDomain, comment: 'Disposable addresses' },
  { type: 'ip', value: '203.0.113.0/24', comment: 'Fraudulent sign-ups reported by a broker' },
] as const satisfies readonly { type: BlacklistType; value: string; comment: string }[];

export const tagNames = ['VIP', 'Hot', 'Cold', 'Callback', 'Duplicate suspect', 'Whale', 'Weekend', 'Retention', 'Do not call', 'Verified', 'High risk', 'Investor'];
export const brokerSeeds: readonly { name: string; company: string; domain: string }[] = [
  { name: 'Apex Capital Markets', company: 'Apex Capital Markets Ltd', domain: 'apexcm.example' },
  { name: 'BlueHarbor FX', company: 'Blue Harbor Financial Services LLC', domain: 'blueharborfx.example' },
  { name: 'Crown Trade', company: 'Crown Trade Holdings SA', domain: 'crowntrade.example' },
  { name: 'Everest Invest', company: 'Everest Invest GmbH', domain: 'everestinvest.example' },
  { name: 'Lighthouse Brokers', company: 'Lighthouse Brokers Pty Ltd', domain: 'lighthousebrokers.example' },
  { name: 'Meridian Prime', company: 'Meridian Prime Ltd', domain: 'meridianprime.example' },
  { name: 'Northstar Trading', company: 'Northstar Trading Group', domain: 'northstartrading.example' },
  { name: 'Summit Wealth Partners', company: 'Summit Wealth Partners AG', domain: 'summitwealth.example' },
];
export const branchNames = ['EN Desk', 'DE Desk', 'LATAM', 'Retention', 'Nordics', 'APAC', 'FR Desk', 'IT Desk'];
export const authTypes = ['none', 'basic', 'bearer', 'header_key', 'query_token', 'token_exchange'] as const;
export const responseTypes = ['http_2xx', 'json_path_equals', 'body_contains'] as const;
export const timezones = ['UTC', 'Europe/London', 'Europe/Berlin', 'Asia/Dubai', 'America/New_York'];
