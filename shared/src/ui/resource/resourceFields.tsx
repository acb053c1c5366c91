/** The form inputs of a resource screen, one per field kind, and the dotted names of nested fields. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input, InputNumber, Select, Space, Switch, Typography, type SelectProps } from 'antd';
import { useAppSelector, type RootState } from '@crm/shared';

export type FormValues = Record<string, unknown>;
export type FieldOption = { value: string | number; label: string };

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'boolean'
  | 'number'
  | 'select'
  /** Several of the options. */
  | 'multiselect'
  /** A list of free texts (URLs, IP addresses, codes); options, when given, are suggestions. */
  | 'tags'
  /** A date as 'YYYY-MM-DD'. */
  | 'date'
  | 'color'
  /** Write-only: the item holds it masked; see SecretInput. */
  | 'secret'
  /** The item's value shown (edit only), never sent. */
  | 'readonly';

export type ResourceField = {
  /** The body key; a dotted name ('response_content.lead_id_path') is a key of a nested object. */
  name: string;
  labelKey: string;
  kind: FieldKind;
  /** Fixed options, or a memoised selector for options the store holds (e.g. the locales). */
  options?: readonly FieldOption[] | ((state: RootState) => readonly FieldOption[]);
  /** Options from a hook instead: an option list loaded on demand, a query. Called while the input is shown. */
  useOptions?: () => readonly FieldOption[];
  /** How typing narrows and orders the options (e.g. `countrySearch`); by default those whose label holds the text. */
  optionSearch?: SelectProps['showSearch'];
  /** Left out of the edit form (e.g. a code that identifies the record). */
  createOnly?: boolean;
  /** A section heading (translation key): the form shows its fields under it, sections in order of first use. */
  group?: string;
  /** Shown, and sent, only while this holds for the form's current values. */
  visible?: (values: FormValues) => boolean;
  /** An emptied input (a cleared select, a blank date) is sent as null, which clears the stored value. */
  nullable?: boolean;
  /** What an empty input means (translation key), e.g. the default a cleared select stands for. */
  placeholderKey?: string;
  /** A hint under the input (translation key). */
  helpKey?: string;
};

/** 'response_content.lead_id_path' → ['response_content', 'lead_id_path'], the antd name path. */
export function namePathOf(name: string): string[] {
  return name.split('.');
}

/** The value at a dotted name of a record, or undefined. */
export function valueAt(record: FormValues, name: string): unknown {
  let current: unknown = record;
  for (const key of namePathOf(name)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A copy of the record without the value at a dotted name (nested objects copied on the way). */
export function withoutValueAt(record: FormValues, name: string): FormValues {
  const [head, ...rest] = namePathOf(name);
  if (head === undefined || !(head in record)) return record;
  const copy = { ...record };
  const inner = copy[head];
  if (rest.length === 0) delete copy[head];
  else if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) copy[head] = withoutValueAt(inner as FormValues, rest.join('.'));
  return copy;
}

/**
 * The field a server error key belongs to: the same name, or the nearest enclosing one
 * ('company_web_pages.2' → company_web_pages). Undefined when no field shown has it.
 */
export function fieldForError<Field extends Pick<ResourceField, 'name'>>(fields: readonly Field[], key: string): Field | undefined {
  const owners = fields.filter((field) => key === field.name || key.startsWith(`${field.name}.`));
  return owners.sort((left, right) => right.name.length - left.name.length)[0];
}

type SelectMode = 'single' | 'multiple' | 'tags';

/** A select whose options may come from the store; it passes on what Form.Item gives it (id, value, onChange). */
function StoreOptionsSelect({ options, ...props }: Omit<SelectProps, 'options'> & { options: (state: RootState) => readonly FieldOption[] }) {
  const choices = useAppSelector(options);
  return <Select {...props} options={choices.map((option) => ({ ...option }))} />;
}

/** A select whose options come from a hook (an option list loaded on demand, a query). */
function HookOptionsSelect({ useOptions, ...props }: Omit<SelectProps, 'options'> & { useOptions: () => readonly FieldOption[] }) {
  const choices = useOptions();
  return <Select {...props} options={choices.map((option) => ({ ...option }))} />;
}

function selectFor(field: ResourceField, mode: SelectMode, placeholder: string | undefined): ReactNode {
  const common: SelectProps = {
    ...(mode === 'single' ? {} : { mode }),
    ...(mode === 'tags' ? { tokenSeparators: [',', ' '] } : {}),
    ...(placeholder === undefined ? {} : { placeholder }),
    allowClear: mode !== 'single' || field.nullable === true,
    showSearch: field.optionSearch ?? { optionFilterProp: 'label' },
  };
  if (field.useOptions) return <HookOptionsSelect {...common} useOptions={field.useOptions} />;
  if (typeof field.options === 'function') return <StoreOptionsSelect {...common} options={field.options} />;
  return <Select {...common} options={(field.options ?? []).map((option) => ({ ...option }))} />;
}

type SecretInputProps = {
  id?: string;
  /** undefined: keep the stored secret; a text: replace it; null: clear it. */
  value?: string | null;
  onChange?: (value: string | null | undefined) => void;
  /** The stored secret as the item shows it ('••••yz'), or null when none is stored. */
  mask: string | null;
};

/**
 * A write-only input: empty, with the stored secret's mask as placeholder. Typing replaces the secret; an
 * emptied input keeps it (undefined, so the body leaves it out); "Clear" sends null.
 */
export function SecretInput({ id, value, onChange, mask }: SecretInputProps) {
  const { t } = useTranslation();
  if (value === null) {
    return (
      <Space.Compact block>
        <Input id={id} disabled placeholder={t('resource.secret.cleared')} data-secret-state="cleared" />
        <Button onClick={() => onChange?.(undefined)}>{t('resource.secret.keep')}</Button>
      </Space.Compact>
    );
  }
  return (
    <Space.Compact block>
      <Input.Password
        id={id}
        value={value ?? ''}
        placeholder={mask ?? ''}
        autoComplete="new-password"
        onChange={(event) => onChange?.(event.target.value === '' ? undefined : event.target.value)}
      />
      {mask !== null && <Button onClick={() => onChange?.(null)}>{t('resource.secret.clear')}</Button>}
    </Space.Compact>
  );
}

/** The item's value of a read-only field, copyable (e.g. a URL to hand to a broker). */
function ReadonlyValue({ value }: { value: unknown }) {
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Typography.Text copyable={text !== ''} code>
      {text}
    </Typography.Text>
  );
}

/** The input for a field; Form.Item passes id, value and onChange to it. `row` is the item being edited. */
export function inputFor(field: ResourceField, row: FormValues | undefined, placeholder: string | undefined): ReactNode {
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={placeholder} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
    case 'select':
      return selectFor(field, 'single', placeholder);
    case 'multiselect':
      return selectFor(field, 'multiple', placeholder);
    case 'tags':
      return selectFor(field, 'tags', placeholder);
    case 'date':
      return <Input type="date" style={{ width: 200 }} />;
    case 'color':
      return <Input type="color" style={{ width: 80 }} />;
    case 'boolean':
      return <Switch />;
    case 'secret': {
      const mask = row ? valueAt(row, field.name) : null;
      return <SecretInput mask={typeof mask === 'string' && mask !== '' ? mask : null} />;
    }
    case 'readonly':
      return <ReadonlyValue value={row ? valueAt(row, field.name) : undefined} />;
    case 'text':
      return <Input placeholder={placeholder} />;
  }
}
