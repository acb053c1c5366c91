/** The list and save envelopes (docs/architecture.md#api) every records endpoint answers with. */
import type { PaginationMeta } from '@crm/shared/contract';

export type Page<Item> = { data: Item[]; meta: PaginationMeta };
export type Saved<Item> = { message: string; data: Item };
/** The tag id of a whole list, as opposed to one row. */
export const listTag = 'LIST';
