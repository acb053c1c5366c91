/** Lead rows: generated in JS, sent as one array literal per column. */
export type ColumnKind = 'text' | 'int' | 'bool' | 'ms' | 'numeric' | 'date';

/** The columns a demo lead fills and how each travels: `ms` is epoch milliseconds, converted on the server. */
export const leadColumnKinds = {
  lead_id: 'text',
  name: 'text',
  surname: 'text',
  email: 'text',
  phone: 'text',
  phone_prefix: 'text',
  phone_normalized: 'text',
  address: 'text',
  city: 'text',
  zip: 'text',
  country: 'text',
  date_of_birth: 'date',
  language: 'text',
  funnel: 'text',
  source_id: 'int',
  affiliate_company_id: 'int',
  status_id: 'int',
  original_status_id: 'int',
  status_changed_at: 'ms',
  live_status: 'text',
  email_status_id: 'int',
  phone_status_id: 'int',
  purchase_site: 'text',
  purchase_date: 'ms',
  purchase_amount: 'numeric',
  recovery_amount: 'numeric',
  product_name: 'text',
  card_name: 'text',
  card_type: 'text',
  card_digits: 'text',
  deposit_exists: 'bool',
  api_lead_id: 'text',
  api_ftd_at: 'ms',
  api_lead_status: 'text',
  api_client_id: 'text',
  is_fresh: 'bool',
  last_broker_department_id: 'int',
  last_sent_at: 'ms',
  created_at: 'ms',
  updated_at: 'ms',
} as const satisfies Record<string, ColumnKind>;

export type LeadColumn = keyof typeof leadColumnKinds;
type CellOf<Kind extends ColumnKind> = Kind extends 'int' | 'ms' ? number | null : Kind extends 'bool' ? boolean : string | null;
export type LeadRow = { [Column in LeadColumn]: CellOf<(typeof leadColumnKinds)[Column]> };
export type Cell = string | number | boolean | null;

export const leadColumns = Object.keys(leadColumnKinds) as LeadColumn[];

export type LeadBatch = {
  size: number;
  firstLeadId: string;
  lastLeadId: string;
  columns: Record<LeadColumn, Cell[]>;
  /** lead_tags rows, by public lead id: the numeric ids exist only once the leads are inserted. */
  tags: { leadIds: string[]; tagIds: number[] };
};

export type LeadGenerator = { nextBatch(size: number): LeadBatch };
