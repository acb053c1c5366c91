/**
 * The lead-field catalogue: each field that a list of lead fields names, once, with its kind and the lists that take
 * it. The add / edit bodies and form, the import mapping and writer, the export columns and the failed lead's
 * fix-and-retry form derive their fields from it (`leadFieldNames`, `leadFieldInputs`); a list shown in an order of its
 * own (the export's columns, the retry form's layout) keeps that order with `orderedLeadFields`, which holds it to the
 * catalogue's members. Shared by the API and mfe-leads; it names no label or header.
 */

/** What a field holds, which decides how it is read, stored, edited and written to a file. */
export const leadFieldKinds = ['text', 'email', 'phone', 'date', 'datetime', 'money', 'flag', 'reference', 'references'] as const;
export type LeadFieldKind = (typeof leadFieldKinds)[number];
/** The kinds a form edits as text: all but the references (pickers) and the flags (switches). */
export const leadTextKinds = ['text', 'email', 'phone', 'date', 'datetime', 'money'] as const satisfies readonly LeadFieldKind[];

type LeadFieldEntry = {
  /** The field as the lead's detail and the export name it. */
  readonly name: string;
  readonly kind: LeadFieldKind;
  /** The key of the add / edit bodies and forms where it differs from `name` (a reference's id). */
  readonly input?: string;
  /** Staff write it: add and edit lead (the contract's `leadFields`) and their form. */
  readonly editable?: true;
  /** A file column can be mapped to it (references come as the import's fixed values instead). */
  readonly importable?: true;
  /** An export setting can list it. */
  readonly exportable?: true;
  /** The failed lead's fix-and-retry form offers it. */
  readonly retry?: true;
  /** The columns intake writes from it besides its own (a phone's calling code and E.164 form). */
  readonly derived?: readonly string[];
};

/** In the add / edit bodies' order, then the fields only the API writes. */
export const leadFieldCatalogue = [
  { name: 'lead_id', kind: 'text', exportable: true },
  { name: 'name', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'surname', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'email', kind: 'email', editable: true, importable: true, exportable: true, retry: true },
  { name: 'alt_email', kind: 'email', editable: true, importable: true, exportable: true, retry: true },
  { name: 'phone', kind: 'phone', editable: true, importable: true, exportable: true, retry: true, derived: ['phone_prefix', 'phone_normalized'] },
  { name: 'alt_phone', kind: 'phone', editable: true, importable: true, exportable: true, retry: true, derived: ['alt_phone_prefix'] },
  { name: 'country', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'date_of_birth', kind: 'date', editable: true, importable: true, exportable: true, retry: true },
  { name: 'language', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'funnel', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'comment', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'address', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'second_address', kind: 'text', editable: true, importable: true },
  { name: 'state', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'city', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'zip', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'ip', kind: 'text', editable: true, importable: true, exportable: true, retry: true },
  { name: 'source', kind: 'reference', input: 'source_id', editable: true, exportable: true, retry: true },
  { name: 'affiliate_company', kind: 'reference', input: 'affiliate_company_id', editable: true, exportable: true },
  { name: 'email_status', kind: 'reference', input: 'email_status_id', editable: true },
  { name: 'alt_email_status', kind: 'reference', input: 'alt_email_status_id', editable: true },
  { name: 'phone_status', kind: 'reference', input: 'phone_status_id', editable: true },
  { name: 'alt_phone_status', kind: 'reference', input: 'alt_phone_status_id', editable: true },
  { name: 'live_status', kind: 'text', editable: true, importable: true },
  { name: 'not_available_till', kind: 'datetime', editable: true, importable: true },
  { name: 'purchase_site', kind: 'text', editable: true, importable: true },
  { name: 'purchase_date', kind: 'datetime', editable: true, importable: true },
  { name: 'purchase_amount', kind: 'money', editable: true, importable: true, exportable: true },
  { name: 'recovery_amount', kind: 'money', editable: true, importable: true },
  { name: 'product_name', kind: 'text', editable: true, importable: true },
  { name: 'card_name', kind: 'text', editable: true, importable: true },
  { name: 'card_type', kind: 'text', editable: true, importable: true },
  { name: 'card_digits', kind: 'text', editable: true, importable: true },
  { name: 'deposit_exists', kind: 'flag', editable: true, importable: true, exportable: true },
  { name: 'is_fresh', kind: 'flag', editable: true, importable: true, exportable: true },
  { name: 'tags', kind: 'references', input: 'tag_ids', editable: true, exportable: true },
  // Set when a lead is added (its own action afterwards, with a status history), not by an edit.
  { name: 'status', kind: 'reference', input: 'status_id', exportable: true, retry: true },
  { name: 'original_status', kind: 'reference', exportable: true },
  { name: 'last_department', kind: 'reference', exportable: true },
  { name: 'last_sent_at', kind: 'datetime', exportable: true },
  { name: 'api_lead_id', kind: 'text', exportable: true },
  { name: 'api_lead_status', kind: 'text', exportable: true },
  { name: 'api_ftd_at', kind: 'datetime', exportable: true },
  { name: 'created_at', kind: 'datetime', exportable: true },
  { name: 'updated_at', kind: 'datetime', exportable: true },
] as const satisfies readonly LeadFieldEntry[];

type CatalogueEntry = (typeof leadFieldCatalogue)[number];
export type LeadFieldName = CatalogueEntry['name'];
export type LeadFieldList = 'editable' | 'importable' | 'exportable' | 'retry';

/** The catalogue's entries that a list takes, of the given kinds. */
export type LeadFieldEntryOf<List extends LeadFieldList, Kind extends LeadFieldKind = LeadFieldKind> = Extract<CatalogueEntry, { readonly [Flag in List]: true } & { readonly kind: Kind }>;
/** A field's key in the add / edit bodies and forms. */
export type LeadFieldInput<Entry> = Entry extends { readonly input: infer Input extends string } ? Input : Entry extends { readonly name: infer Name extends string } ? Name : never;

/** The entries of a list (of the given kinds, else all), in the catalogue's order. */
export function leadFieldEntries<List extends LeadFieldList, Kind extends LeadFieldKind = LeadFieldKind>(list: List, kinds?: readonly Kind[]): LeadFieldEntryOf<List, Kind>[] {
  const wanted: readonly LeadFieldKind[] = kinds ?? leadFieldKinds;
  return leadFieldCatalogue.filter((entry): entry is LeadFieldEntryOf<List, Kind> => {
    const described: LeadFieldEntry = entry;
    return described[list] === true && wanted.includes(entry.kind);
  });
}

// Generic in the entry, so each name keeps its literal type.
const namesOf = <Entry extends { readonly name: string }>(entries: readonly Entry[]): Entry['name'][] => entries.map((entry) => entry.name);

/** The names of a list's fields (of the given kinds), in the catalogue's order. */
export function leadFieldNames<List extends LeadFieldList, Kind extends LeadFieldKind = LeadFieldKind>(list: List, kinds?: readonly Kind[]): LeadFieldEntryOf<List, Kind>['name'][] {
  return namesOf(leadFieldEntries(list, kinds));
}

/** The body and form keys of a list's fields (`source_id` for `source`), in the catalogue's order. */
export function leadFieldInputs<List extends LeadFieldList, Kind extends LeadFieldKind = LeadFieldKind>(list: List, kinds?: readonly Kind[]): LeadFieldInput<LeadFieldEntryOf<List, Kind>>[] {
  return leadFieldEntries(list, kinds).map((entry) => {
    const described: LeadFieldEntry = entry;
    // The entry's own `input` or `name`: what LeadFieldInput reads from its type.
    return (described.input ?? described.name) as LeadFieldInput<LeadFieldEntryOf<List, Kind>>;
  });
}

const kindByName: ReadonlyMap<string, LeadFieldKind> = new Map(leadFieldCatalogue.map((entry) => [entry.name, entry.kind]));

/** A field's kind (the export types its XLSX cells by it). */
export function leadFieldKind(name: LeadFieldName): LeadFieldKind {
  const kind = kindByName.get(name);
  if (kind === undefined) throw new Error(`${name} is not in the lead-field catalogue`);
  return kind;
}

type Unlisted<Member extends string, Order extends readonly string[]> = Exclude<Member, Order[number]>;

/**
 * `order`, a list's own order of exactly the fields `members` names (a file's columns, a form's layout): the type
 * refuses a name outside them or one left out, and a repeated name throws when the module loads.
 */
export function orderedLeadFields<Member extends string, const Order extends readonly Member[]>(
  members: readonly Member[],
  order: Order & ([Unlisted<Member, Order>] extends [never] ? unknown : { readonly unlisted: Unlisted<Member, Order> }),
): Order {
  const listed = new Set<string>(order);
  if (listed.size !== order.length || members.some((member) => !listed.has(member))) throw new Error(`An order of the lead fields ${members.join(', ')} lists one twice or leaves one out.`);
  return order;
}
