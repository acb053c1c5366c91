import { Input } from '@crm/shared/ui';

/** The list search: runs on Enter or the search button, cleared with the clear icon. */
export function SearchBox({ label, onSearch }: { label: string; onSearch(value: string): void }) {
  return <Input.Search allowClear placeholder={label} aria-label={label} onSearch={onSearch} style={{ width: 240 }} />;
}
