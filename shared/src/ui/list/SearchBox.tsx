import { Input } from 'antd';

type SearchBoxProps = {
  /** The placeholder and the accessible name. */
  label: string;
  onSearch(value: string): void;
  /** In pixels; antd's own width when left out. */
  width?: number;
};

/** The list search: runs on Enter or the search button, cleared with the clear icon. */
export function SearchBox({ label, onSearch, width }: SearchBoxProps) {
  return <Input.Search allowClear placeholder={label} aria-label={label} onSearch={onSearch} {...(width === undefined ? {} : { style: { width } })} />;
}
