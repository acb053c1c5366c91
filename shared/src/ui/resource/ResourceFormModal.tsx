/** The create/edit modal of a resource screen: antd Form, the server's 422 messages under the fields, an optional live preview. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, Form, Modal, type FormInstance } from 'antd';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { inputFor, type ResourceField } from './resourceFields.tsx';

export type FormValues = Record<string, unknown>;

type ResourceFormModalProps = {
  open: boolean;
  title: string;
  form: FormInstance<FormValues>;
  initialValues?: FormValues | undefined;
  fields: readonly ResourceField[];
  saving: boolean;
  preview?: ((values: FormValues) => ReactNode) | undefined;
  onSave(values: FormValues): void;
  onClose(): void;
};

/** Watches every value so the preview follows each keystroke and colour change. */
function LivePreview({ form, preview }: { form: FormInstance<FormValues>; preview: (values: FormValues) => ReactNode }) {
  const values = Form.useWatch((all: FormValues) => all, { form, preserve: true }) ?? {};
  return <div data-testid="resource-preview">{preview(values)}</div>;
}

export function ResourceFormModal({ open, title, form, initialValues, fields, saving, preview, onSave, onClose }: ResourceFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={onSave} requiredMark={false}>
        {fields.map((field) => (
          <Form.Item key={field.name} name={field.name} label={t(field.labelKey)} valuePropName={field.kind === 'boolean' ? 'checked' : 'value'}>
            {inputFor(field)}
          </Form.Item>
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
