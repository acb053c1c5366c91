/**
 * Demo data for demos and benchmarks: affiliate companies, sources, tags, brokers with departments and send
 * integrations, then N leads with their status, send and broker histories and tags.
 *
 * Speed is the point (1M leads in minutes): leads are generated in JS batches and written with one
 * `INSERT … SELECT FROM unnest(…)` per table per batch, one transaction per batch, and the histories are derived
 * server-side from the batch's id range. The reference-like rows are few, go through Drizzle, and are reused when
 * their names already exist, so the command can be run again; each run's leads get new public ids and emails.
 *
 * Everything random comes from one seeded PRNG, so a run is reproducible for a given seed and database state.
 * Emails use reserved example domains and URLs the `.example` TLD, so demo data never reaches a real mailbox or host.
 */
export { countryProfiles } from './countries.ts';
export { leadInsertStatement } from './leadInsert.ts';
export { createRandom } from './random.ts';
export { MissingReferenceDataError } from './reference.ts';
export { createDemoLeadGenerator, seedDemoData } from './seed.ts';
