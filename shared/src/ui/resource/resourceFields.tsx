/** The form inputs of a resource screen, one per field kind. */
import { Input, InputNumber, Select, Switch } from 'antd';

export type ResourceField = {
  name: string;
  labelKey: string;
  kind: 'text' | 'textarea' | 'boolean' | 'number' | 'select' | 'color';
  options?: readonly { value: string; label: string }[];
  /** Left out of the edit form (e.g. a code that identifies the record). */
  createOnly?: boolean;
};

/** The input element itself (not a wrapper component): Form.Item passes id, value and onChange to its direct child. */
export function inputFor(field: ResourceField) {
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} />;
    case 'select':
      return <Select options={field.options?.map((option) => ({ ...option }))} />;
    case 'color':
      return <Input type="color" style={{ width: 80 }} />;
    case 'boolean':
      return <Switch />;
    case 'text':
      return <Input />;
  }
}
