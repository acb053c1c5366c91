/** The form inputs of a resource screen, one per field kind. */
import { Input, InputNumber, Select, Switch, type SelectProps } from 'antd';
import { useAppSelector, type RootState } from '@crm/shared';

type FieldOption = { value: string; label: string };

export type ResourceField = {
  name: string;
  labelKey: string;
  kind: 'text' | 'textarea' | 'boolean' | 'number' | 'select' | 'color';
  /** Fixed options, or a memoised selector for options the store holds (e.g. the locales). */
  options?: readonly FieldOption[] | ((state: RootState) => readonly FieldOption[]);
  /** Left out of the edit form (e.g. a code that identifies the record). */
  createOnly?: boolean;
};

/** A select whose options may come from the store; it passes on what Form.Item gives it (id, value, onChange). */
function OptionsSelect({ options, ...props }: Omit<SelectProps, 'options'> & { options: ResourceField['options'] }) {
  const choices = useAppSelector((state) => (typeof options === 'function' ? options(state) : (options ?? [])));
  return <Select {...props} showSearch={{ optionFilterProp: 'label' }} options={choices.map((option) => ({ ...option }))} />;
}

/** The input for a field; Form.Item passes id, value and onChange to it. */
export function inputFor(field: ResourceField) {
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'select':
      return typeof field.options === 'function' ? <OptionsSelect options={field.options} /> : <Select options={field.options?.map((option) => ({ ...option }))} />;
    case 'color':
      return <Input type="color" style={{ width: 80 }} />;
    case 'boolean':
      return <Switch />;
    case 'text':
      return <Input />;
  }
}
