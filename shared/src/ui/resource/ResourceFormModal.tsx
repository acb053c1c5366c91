/**
 * The create/edit modal of a resource screen: antd Form, fields in sections, fields shown only while a
 * condition on the values holds, required fields marked and checked as the API's create body has them, the
 * server's 422 messages under the fields, an optional live preview.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { Button, Divider, Flex, Form, Modal, type FormInstance } from 'antd';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { inputFor, namePathOf, type FormValues, type ResourceField } from './resourceFields.tsx';
import { isRequiredField } from './requiredFields.ts';

export type { FormValues } from './resourceFields.tsx';

type ResourceFormModalProps = {
  open: boolean;
  title: string;
  form: FormInstance<FormValues>;
  initialValues?: FormValues | undefined;
  /** The item being edited, as the API gave it (masks of secrets, read-only values). */
  row?: FormValues | undefined;
  fields: readonly ResourceField[];
  /** The API's create body: a field it refuses missing or empty is marked, and checked before sending. */
  body: z.ZodObject;
  saving: boolean;
  width?: number | undefined;
  preview?: ((values: FormValues) => ReactNode) | undefined;
  onSave(values: FormValues): void;
  onClose(): void;
};

/** Watches every value so the preview follows each keystroke and colour change. */
function LivePreview({ form, preview }: { form: FormInstance<FormValues>; preview: (values: FormValues) => ReactNode }) {
  const values = Form.useWatch((all: FormValues) => all, { form, preserve: true }) ?? {};
  return <div data-testid="resource-preview">{preview(values)}</div>;
}

/** Fields grouped by section, sections in the order of their first field; ungrouped fields form a section without heading. */
export function sectionsOf(fields: readonly ResourceField[]): { group: string | undefined; fields: ResourceField[] }[] {
  const sections: { group: string | undefined; fields: ResourceField[] }[] = [];
  for (const field of fields) {
    const section = sections.find((candidate) => candidate.group === field.group);
    if (section) section.fields.push(field);
    else sections.push({ group: field.group, fields: [field] });
  }
  return sections;
}

const emptyToNull = (value: unknown) => (value === undefined || value === '' ? null : value);

type FieldProps = { field: ResourceField; row: FormValues | undefined; body: z.ZodObject };

/** Nothing entered: no value, blank text, an empty list. */
const isEmptyInput = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

function FieldItem({ field, row, body }: FieldProps) {
  const { t } = useTranslation();
  const label = t(field.labelKey);
  // An empty secret on an edit keeps the stored one.
  const required = isRequiredField(body, field.name, field.kind) && !(field.kind === 'secret' && row);
  const placeholder = field.placeholderKey ? t(field.placeholderKey) : undefined;
  const help = field.helpKey ? t(field.helpKey) : undefined;
  if (field.kind === 'readonly') {
    // Nothing to show before the record exists.
    if (!row) return null;
    return (
      <Form.Item label={label} extra={help}>
        {inputFor(field, row, placeholder)}
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={namePathOf(field.name)}
      label={label}
      extra={help}
      required={required}
      rules={required ? [{ validator: (_, value) => (isEmptyInput(value) ? Promise.reject(new Error(t('resource.required', { field: label }))) : Promise.resolve()) }] : []}
      valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}
      // A cleared nullable input is null in the values (sent, so the API clears it) but shows as empty.
      {...(field.nullable ? { normalize: emptyToNull, getValueProps: (value: unknown) => ({ value: value ?? undefined }) } : {})}
    >
      {inputFor(field, row, placeholder)}
    </Form.Item>
  );
}

function ConditionalField(props: FieldProps) {
  const { visible } = props.field;
  if (!visible) return <FieldItem {...props} />;
  // Re-evaluated on every change; a hidden field is unregistered, so the submitted values leave it out.
  return (
    <Form.Item noStyle shouldUpdate>
      {(form) => (visible(form.getFieldsValue(true) as FormValues) ? <FieldItem {...props} /> : null)}
    </Form.Item>
  );
}

export function ResourceFormModal({ open, title, form, initialValues, row, fields, body, saving, width, preview, onSave, onClose }: ResourceFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden {...(width ? { width } : {})}>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onSave}>
        {sectionsOf(fields).map((section) => (
          <section key={section.group ?? ''} aria-label={section.group ? t(section.group) : undefined}>
            {section.group && (
              <Divider titlePlacement="start" plain>
                {t(section.group)}
              </Divider>
            )}
            {section.fields.map((field) => (
              <ConditionalField key={field.name} field={field} row={row} body={body} />
            ))}
          </section>
        ))}
        {preview && <LivePreview form={form} preview={preview} />}
        <Flex justify="end" gap="small" style={{ marginTop: 16 }}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <SubmitButton loading={saving}>{t('resource.save')}</SubmitButton>
        </Flex>
      </Form>
    </Modal>
  );
}
