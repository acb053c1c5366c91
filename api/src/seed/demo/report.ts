/** What a demo run reports: the rows it inserted per table, counted as each writer goes. */
export type DemoTable =
  | 'affiliate_companies'
  | 'sources'
  | 'tags'
  | 'brokers'
  | 'broker_affiliate_companies'
  | 'broker_departments'
  | 'send_integrations'
  | 'source_random_statuses'
  | 'export_settings'
  | 'blacklist'
  | 'leads'
  | 'lead_status_histories'
  | 'lead_send_histories'
  | 'lead_broker_histories'
  | 'lead_tags'
  | 'failed_leads';

export type DemoSeedReport = {
  /** Rows this run inserted per table; reference rows that already existed are reused and not counted. */
  counts: Record<DemoTable, number>;
  elapsedMs: number;
};

export function emptyCounts(): Record<DemoTable, number> {
  return {
    affiliate_companies: 0,
    sources: 0,
    tags: 0,
    brokers: 0,
    broker_affiliate_companies: 0,
    broker_departments: 0,
    send_integrations: 0,
    source_random_statuses: 0,
    export_settings: 0,
    blacklist: 0,
    leads: 0,
    lead_status_histories: 0,
    lead_send_histories: 0,
    lead_broker_histories: 0,
    lead_tags: 0,
    failed_leads: 0,
  };
}
