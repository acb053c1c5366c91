import { Input } from 'antd';

type SearchBoxProps = {
  /** The placeholder and the accessible name. */
  label: string;
  onSearch(value: string): void;
  /** The search the list starts with (one kept in the URL). */
  defaultValue?: string;
  /** In pixels; antd's own width when left out. */
  width?: number;
};

/** The list search: runs on Enter or the search button, cleared with the clear icon. */
export function SearchBox({ label, onSearch, defaultValue, width }: SearchBoxProps) {
  return <Input.Search allowClear placeholder={label} aria-label={label} defaultValue={defaultValue} onSearch={onSearch} {...(width === undefined ? {} : { style: { width } })} />;
}
